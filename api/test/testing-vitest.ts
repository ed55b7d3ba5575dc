/**
 * `api/testing/vitest`: the harnesses of the API's own tests, for tests in other packages that run under vitest with
 * `api/testing/global-setup` (a test database on PGlite, or on the PostgreSQL of DATABASE_URL).
 */
// The global setup declares what it provides to the tests (the PGlite template the harnesses read).
import type {} from './global-setup.js';

export { TEST_PASSWORD_HASHING, capturedLog, harnessForFile, injectJson } from './helpers.js';
export { call, expectFailure } from './api-calls.js';
export { login, loginToken } from './identity-helpers.js';
export { createTicketHarness, type TicketHarness } from './tickets-helpers.js';
