import { ConfigError, loadConfig } from '../config.js';
import { migrate } from '../db/migrate.js';
import { describeDatabase, openDatabase } from '../db/open.js';
import { GAMES_SEED_FILE, readGamesSeed, seedGames } from './games-seed.js';

/**
 * `pnpm --filter api run seed [file]`: applies migrations and upserts the games seed into the configured database
 * (DATABASE_URL, else the embedded folder). Safe to repeat. A running API notices within its catalogue TTL.
 */
async function run(): Promise<void> {
  const config = loadConfig();
  const file = process.argv[2] ?? GAMES_SEED_FILE;
  const games = await readGamesSeed(file);
  const db = await openDatabase(config.database);
  try {
    const { applied } = await migrate(db);
    const result = await seedGames(db, games);
    process.stdout.write(
      `Seeded ${result.games} games (${result.texts} texts) from ${file} into ${describeDatabase(config.database)}` +
        `${applied.length > 0 ? `; applied migrations ${applied.join(', ')}` : ''}\n`,
    );
  } finally {
    await db.close();
  }
}

run().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
