import { ConfigError, loadConfig } from '../config.js';
import { migrate } from '../db/migrate.js';
import { describeDatabase, openDatabase } from '../db/open.js';
import { GAMES_SEED_FILE, readGamesSeed, seedGames } from './games-seed.js';
import { SUPPORT_SEED_FILE, readSupportSeed, seedSupport } from './support-seed.js';

/**
 * `pnpm --filter api run seed [games-file] [support-file]`: applies migrations and upserts the games seed, then the
 * support reference seed (help topics, categories, servers, regions, downloads; characters of accounts that exist),
 * into the configured database (DATABASE_URL, else the embedded folder). Safe to repeat. A running API notices
 * within its cache TTL.
 */
async function run(): Promise<void> {
  const config = loadConfig();
  const file = process.argv[2] ?? GAMES_SEED_FILE;
  const supportFile = process.argv[3] ?? SUPPORT_SEED_FILE;
  const games = await readGamesSeed(file);
  const support = await readSupportSeed(supportFile);
  const db = await openDatabase(config.database);
  try {
    const { applied } = await migrate(db);
    const result = await seedGames(db, games);
    const reference = await seedSupport(db, support);
    process.stdout.write(
      `Seeded ${result.games} games (${result.texts} texts) from ${file} and ${reference.faqs} help topics, ` +
        `${reference.inquiryCategories} categories, ${reference.servers} servers, ${reference.areas} regions, ` +
        `${reference.downloads} download links, ${reference.roles} characters` +
        `${reference.rolesSkipped > 0 ? ` (${reference.rolesSkipped} skipped: account missing)` : ''} from ${supportFile} ` +
        `into ${describeDatabase(config.database)}` +
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
