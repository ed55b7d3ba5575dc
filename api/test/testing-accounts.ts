/**
 * `api/testing/accounts`: what the browser tests' set-up (e2e/support/create-accounts.ts) needs to run the operator
 * command `create-account` on the database the API then opens, without the rest of `api/testing`: the app, the
 * mailer and the attachment fixtures took 2.7-3.2 s to load against 0.9-2.1 s for these (machine loaded), on the path
 * before the API starts.
 */
export { loadConfig } from '../src/config.js';
export { migrate } from '../src/db/migrate.js';
export { openDatabase } from '../src/db/open.js';
export { runCreateAccount } from '../src/identity/create-account.js';
export { runAgentTotp } from '../src/identity/agent-totp.js';
export { totpCode } from '../src/identity/totp.js';
