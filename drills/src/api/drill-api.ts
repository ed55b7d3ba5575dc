import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import {
  DiskFileStore,
  PasswordHasher,
  buildApp,
  loggerOptions,
  migrate,
  openPglite,
  outboxMailer,
  readGamesSeed,
  readSupportSeed,
  seedDemoAccounts,
  seedGames,
  seedSupport,
  type BuildAppOptions,
  type PasswordHashing,
} from 'api/testing';
import { closeAfter } from '../drill.js';
import type { ApiUnderTest } from './api-under-test.js';

/**
 * argon2id at its cheapest: the API drills exercise what the server accepts and refuses, thousands of logins
 * among it, not the cost of hashing (npm run bench and passwords.test.ts cover that).
 */
const DRILL_PASSWORD_HASHING: PasswordHashing = { memoryCost: 256, timeCost: 1, parallelism: 1 };

export interface DrillApi {
  api: ApiUnderTest;
  /** Everything the API (and its replicas) logged, as JSON lines, to search for secrets. */
  logs: () => string;
  /** Another API process's worth: a second app over the same database, mail and log; closed with the first. */
  startReplica: () => Promise<ApiUnderTest>;
  /** Puts every app started so far on a loopback port (the live channel's streams need sockets); their base URLs. */
  listen: () => Promise<string[]>;
  close: () => Promise<void>;
}

/**
 * The API in this process over an in-memory PGlite with the demo games, accounts and support data, its mail and
 * files in temporary folders and its production logger writing to memory. Throttles keep their defaults unless
 * `options` change them.
 */
export async function startDrillApi(options: Partial<BuildAppOptions> = {}, logLevel = 'info'): Promise<DrillApi> {
  const folder = await mkdtemp(path.join(tmpdir(), 'drills-api-'));
  const db = await openPglite(':memory:');
  const hasher = new PasswordHasher(DRILL_PASSWORD_HASHING);
  const mailer = outboxMailer(path.join(folder, 'outbox'), 'Drills <no-reply@drills.example>');
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const closeAll = async () => {
    await mailer.close();
    await db.close();
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await migrate(db);
    await seedGames(db, await readGamesSeed());
    await seedDemoAccounts(db, hasher);
    await seedSupport(db, await readSupportSeed());
    const build = () =>
      buildApp({
        db,
        passwordHashing: DRILL_PASSWORD_HASHING,
        mailer,
        fileStore: new DiskFileStore(path.join(folder, 'files')),
        uploadCleanupIntervalMs: false,
        logger: loggerOptions(logLevel, logStream),
        ...options,
      });
    const apps = [await build()];
    return {
      api: apps[0]!,
      logs: () => lines.join(''),
      startReplica: async () => {
        const replica = await build();
        apps.push(replica);
        return replica;
      },
      listen: async () =>
        Promise.all(
          apps.map(async (app) => {
            if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
            return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
          }),
        ),
      close: async () => {
        for (const app of apps.splice(0)) await app.close();
        await closeAll();
      },
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/** Runs `use` on a drill API (startDrillApi's options and log level), which closes after it, or on a stop (Ctrl-C). */
export async function withDrillApi<Result>(
  use: (drillApi: DrillApi) => Promise<Result>,
  options: Partial<BuildAppOptions> = {},
  logLevel?: string,
): Promise<Result> {
  const drillApi = await startDrillApi(options, logLevel);
  return closeAfter(drillApi.close, () => use(drillApi));
}
