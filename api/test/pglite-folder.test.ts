import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';
import { readGamesSeed, seedGames } from '../src/seed/games-seed.js';

// The embedded database is the default whatever DATABASE_URL says, so its folder is tested in every run.
const root = mkdtempSync(path.join(tmpdir(), 'api-pglite-'));
// Both tests use one folder: the first to open it runs initdb there (seconds on a busy machine), the other reopens it.
// Either test alone still starts from no folder at all.
const dataDir = path.join(root, 'data');

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('PGlite in a folder', () => {
  // initdb, the migrations and the seed on disk: 20-40 s on a busy 2-core machine, past the default 30 s. A time-out
  // would leave the folder locked for the other test too.
  it('keeps migrations, games and reports across close and reopen', { timeout: 90_000 }, async () => {
    const games = await readGamesSeed();
    const first = await openPglite(dataDir);
    try {
      await migrate(first);
      await seedGames(first, games);
      await first.query("INSERT INTO client_errors (code, message) VALUES (1106, 'persisted report')");
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);

    const reopened = await openPglite(dataDir);
    try {
      expect((await migrate(reopened)).applied).toEqual([]);
      const count = await reopened.query<{ count: number }>('SELECT count(*)::int AS count FROM games');
      expect(count.rows[0]?.count).toBe(games.length);
      const texts = await reopened.query<{ count: number }>('SELECT count(*)::int AS count FROM game_texts');
      expect(texts.rows[0]?.count).toBe(games.reduce((sum, game) => sum + Object.keys(game.text).length, 0));
      const reports = await reopened.query<{ message: string }>('SELECT message FROM client_errors');
      expect(reports.rows).toEqual([{ message: 'persisted report' }]);
    } finally {
      await reopened.close();
    }
  });

  it('refuses a second opener of the same folder while the first has it', async () => {
    const first = await openPglite(dataDir);
    try {
      await expect(openPglite(dataDir)).rejects.toThrow(/in use by process/);
    } finally {
      await first.close();
    }
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    const again = await openPglite(dataDir);
    await again.close();
  });

  it('takes over a lock whose process has died, also when its pid now belongs to another process', async () => {
    const lockPath = `${dataDir}.lock`;
    // A server that crashed in a container and was restarted there often gets the pid it had: the file names this
    // process's pid, with another start than this process's.
    writeFileSync(lockPath, `${process.pid} 1`);
    const restarted = await openPglite(dataDir);
    expect(readFileSync(lockPath, 'utf8')).not.toBe(`${process.pid} 1`);
    await restarted.close();

    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim();
    writeFileSync(lockPath, gone);
    const afterCrash = await openPglite(dataDir);
    await afterCrash.close();
    expect(existsSync(lockPath)).toBe(false);
  });
});
