import { afterEach, describe, expect, it } from 'vitest';
import { loadMigrations, migrate, type Migration } from '../src/db/migrate.js';
import { POSTGRES_URL, openTestDatabase, uniqueSchema, type TestDatabase } from './helpers.js';

const opened: TestDatabase[] = [];

async function open(schema?: string): Promise<TestDatabase> {
  const database = await openTestDatabase(schema);
  opened.push(database);
  return database;
}

afterEach(async () => {
  // Close in reverse: with PostgreSQL the first opener drops the shared schema last.
  for (const database of opened.splice(0).reverse()) await database.cleanup();
});

const EXPECTED_TABLES = [
  'account_events',
  'account_identities',
  'accounts',
  'auth_throttle',
  'canned_replies',
  'client_errors',
  'faq_games',
  'faq_texts',
  'faq_type_texts',
  'faq_types',
  'faqs',
  'files',
  'game_area_texts',
  'game_areas',
  'game_downloads',
  'game_roles',
  'game_servers',
  'game_texts',
  'games',
  'inquiry_categories',
  'inquiry_category_texts',
  'lead_dashboard_days',
  'oauth_logins',
  'schema_migrations',
  'sessions',
  'ticket_events',
  'ticket_events_pruned',
  'ticket_messages',
  'ticket_notes',
  'ticket_ratings',
  'tickets',
  'upload_usage',
  'verification_codes',
];

async function tables({ db }: TestDatabase): Promise<string[]> {
  const { rows } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((row) => row.table_name);
}

describe('migrations', () => {
  it('are numbered files applied in order and recorded', async () => {
    const migrations = await loadMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    expect(migrations.map((migration) => migration.version)).toEqual(
      [...migrations.map((migration) => migration.version)].sort((a, b) => a - b),
    );
    const database = await open();
    const result = await migrate(database.db);
    expect(result.applied).toEqual(migrations.map((m) => `${String(m.version).padStart(4, '0')}_${m.name}`));
    expect(await tables(database)).toEqual(EXPECTED_TABLES);
    const { rows } = await database.db.query<{ version: number; checksum: string }>(
      'SELECT version, checksum FROM schema_migrations ORDER BY version',
    );
    expect(rows).toEqual(migrations.map((m) => ({ version: m.version, checksum: m.checksum })));
  });

  it('are idempotent: a second run applies nothing and changes nothing', async () => {
    const database = await open();
    await migrate(database.db);
    await database.db.query("INSERT INTO games (id, slug, title) VALUES (1, 'kept', 'Kept')");
    const second = await migrate(database.db);
    expect(second).toEqual({ applied: [], unknown: [] });
    const { rows } = await database.db.query<{ count: number }>('SELECT count(*)::int AS count FROM games');
    expect(rows[0]?.count).toBe(1);
  });

  it('apply each migration once when two connections migrate at the same time', async () => {
    const schema = uniqueSchema();
    const first = await open(schema);
    // PostgreSQL: a second pool on the same schema is a second client racing for the lock. PGlite has one
    // connection per database, so the race there is two interleaved callers on it.
    const second = POSTGRES_URL ? await open(schema) : first;
    const migrations = await loadMigrations();
    const results = await Promise.all([migrate(first.db), migrate(second.db), migrate(first.db)]);
    const appliedEverywhere = results.flatMap((result) => result.applied).sort();
    expect(appliedEverywhere).toEqual(migrations.map((m) => `${String(m.version).padStart(4, '0')}_${m.name}`).sort());
    const { rows } = await second.db.query<{ count: number }>('SELECT count(*)::int AS count FROM schema_migrations');
    expect(rows[0]?.count).toBe(migrations.length);
    expect(await tables(second)).toEqual(EXPECTED_TABLES);
  });

  it('roll back a failing migration completely', async () => {
    const database = await open();
    const broken: Migration = { version: 9_001, name: 'broken', sql: 'CREATE TABLE half_done (id int); SELECT 1/0;', checksum: 'x' };
    await expect(migrate(database.db, [...(await loadMigrations()), broken])).rejects.toThrow(/division by zero/);
    expect(await tables(database)).toEqual(EXPECTED_TABLES);
    const { rows } = await database.db.query<{ version: number }>('SELECT version FROM schema_migrations WHERE version = 9001');
    expect(rows).toEqual([]);
  });

  it('refuse to run when an applied migration was edited', async () => {
    const database = await open();
    const migrations = await loadMigrations();
    await migrate(database.db, migrations);
    const edited = migrations.map((migration, index) => (index === 0 ? { ...migration, checksum: 'edited' } : migration));
    await expect(migrate(database.db, edited)).rejects.toThrow(/was changed after it was applied/);
  });

  it("give the desk's keyword search trigram indexes, on PGlite too, and its queue indexes in the queue's order", async () => {
    const database = await open();
    await migrate(database.db);
    const { rows } = await database.db.query<{ indexname: string; indexdef: string }>(
      "SELECT indexname, indexdef FROM pg_indexes WHERE indexname LIKE '%trgm_idx' OR indexname LIKE 'tickets_queue%' ORDER BY indexname",
    );
    expect(rows.map((row) => row.indexname)).toEqual([
      'accounts_account_trgm_idx',
      'tickets_content_trgm_idx',
      'tickets_queue_assignee_idx',
      'tickets_queue_game_idx',
      'tickets_queue_game_status_idx',
      'tickets_queue_idx',
      'tickets_queue_status_idx',
      'tickets_queue_unassigned_idx',
      'tickets_title_trgm_idx',
    ]);
    expect(rows.find((row) => row.indexname === 'tickets_title_trgm_idx')?.indexdef).toMatch(/USING gin \(title \S*gin_trgm_ops\)/);
    expect(rows.find((row) => row.indexname === 'tickets_queue_idx')?.indexdef).toMatch(/\(waiting_since, updated_at, id\) INCLUDE/);
  });

  it('report versions applied by a newer build without failing', async () => {
    const database = await open();
    const migrations = await loadMigrations();
    const newer: Migration = { version: 9_002, name: 'newer', sql: 'CREATE TABLE newer_feature (id int)', checksum: 'n' };
    await migrate(database.db, [...migrations, newer]);
    expect(await migrate(database.db, migrations)).toEqual({ applied: [], unknown: [9_002] });
  });
});
