/**
 * `api/testing`: the API in another package's own process, for the drills (drills/) and their fast variants and for
 * the bench's desk at scale (bench/src/measurements/desk-scale.ts): the app factory, a database with the migrations
 * and seeds, mail and files in folders, the production logger, and real files of every attachment type with the
 * multipart bodies they are sent in. It loads no test runner, so `npm run drills` can use it too; the harnesses of
 * the API's own tests are `api/testing/vitest`.
 */
export { buildApp, type BuildAppOptions } from '../src/app.js';
export { loadConfig } from '../src/config.js';
export type { Database, Queryable, QueryResult, SqlValue } from '../src/db/database.js';
export { migrate } from '../src/db/migrate.js';
export { openDatabase } from '../src/db/open.js';
export { openPglite } from '../src/db/pglite.js';
export { DiskFileStore } from '../src/files/store.js';
export { loggerOptions } from '../src/http/logging.js';
export { runCreateAccount } from '../src/identity/create-account.js';
export { DEFAULT_IDENTITY_LIMITS } from '../src/identity/limits.js';
export { PasswordHasher, type PasswordHashing } from '../src/identity/passwords.js';
export { outboxMailer } from '../src/mail/transport.js';
export { seedDemoAccounts } from '../src/seed/demo-accounts.js';
export { readGamesSeed, seedGames } from '../src/seed/games-seed.js';
export { readSupportSeed, seedSupport } from '../src/seed/support-seed.js';
export * from './files-fixtures.js';
export * from './multipart-bodies.js';
