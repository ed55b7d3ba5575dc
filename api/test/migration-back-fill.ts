import type { Database } from '../src/db/database.js';
import { loadMigrations, migrate } from '../src/db/migrate.js';
import { openTestDatabase } from './helpers.js';

/**
 * A migration's back-fill under test: `test` gets a database migrated up to the one before `version`, to write rows
 * as they were then, and `migrateTheRest` to apply that migration and the ones after. The database is dropped after.
 */
export async function beforeMigration(
  version: number,
  test: (db: Database, migrateTheRest: () => Promise<void>) => Promise<void>,
): Promise<void> {
  const database = await openTestDatabase();
  try {
    const migrations = await loadMigrations();
    await migrate(
      database.db,
      migrations.filter((migration) => migration.version < version),
    );
    await test(database.db, async () => {
      await migrate(database.db, migrations);
    });
  } finally {
    await database.cleanup();
  }
}
