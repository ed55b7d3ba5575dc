import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_KIND, openTestDatabase, type TestDatabase } from './helpers.js';

/**
 * `Database.listen`: every NOTIFY reaches the listeners of its own channel; on PostgreSQL all channels share one
 * listening connection per database (one per API replica, whatever the channels), which, when lost, is connected
 * again and calls every listener, since notifications sent meanwhile were missed.
 */
let database: TestDatabase | undefined;

afterEach(async () => {
  await database?.cleanup();
  database = undefined;
});

/** The server's connections of this database that are listening (PostgreSQL), as pg_stat_activity shows them. */
async function listeningBackends(db: TestDatabase['db']): Promise<number[]> {
  const { rows } = await db.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()",
  );
  return rows.map((row) => row.pid);
}

describe(`listening to notifications (${DATABASE_KIND})`, () => {
  it('calls the listeners of the notified channel only, and a stopped one no more', async () => {
    database = await openTestDatabase();
    const { db } = database;
    const first = vi.fn();
    const second = vi.fn();
    const other = vi.fn();
    const stopFirst = await db.listen('test_first', first);
    await db.listen('test_first', second);
    await db.listen('test_other', other);

    await db.query('NOTIFY test_first');
    await vi.waitFor(() => expect(second).toHaveBeenCalledTimes(1));
    expect(first).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();

    await stopFirst();
    await db.query('NOTIFY test_other');
    await db.query('NOTIFY test_first');
    await vi.waitFor(() => expect(second).toHaveBeenCalledTimes(2));
    expect(other).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(1);

    if (DATABASE_KIND === 'postgres') {
      // Two channels, three listeners: one connection listens for them all.
      expect(await listeningBackends(db)).toHaveLength(1);
    }
  });

  it('on PostgreSQL, a lost listening connection is connected again, every listener is called, and notifications arrive again', async () => {
    database = await openTestDatabase();
    const { db } = database;
    const first = vi.fn();
    const other = vi.fn();
    await db.listen('test_first', first);
    await db.listen('test_other', other);
    if (DATABASE_KIND === 'postgres') {
      const [pid] = await listeningBackends(db);
      expect(pid).toBeDefined();
      await db.query('SELECT pg_terminate_backend($1)', [pid!]);
      // Back: each listener is called once for what it may have missed.
      await vi.waitFor(() => expect(other).toHaveBeenCalledTimes(1), { timeout: 5_000 });
      expect(first).toHaveBeenCalledTimes(1);
      expect(await listeningBackends(db)).toHaveLength(1);
      first.mockClear();
      other.mockClear();
    }
    await db.query('NOTIFY test_other');
    await vi.waitFor(() => expect(other).toHaveBeenCalledTimes(1));
    expect(first).not.toHaveBeenCalled();
  });
});
