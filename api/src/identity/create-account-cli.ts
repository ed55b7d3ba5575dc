import { runCreateAccount } from './create-account.js';

/**
 * `pnpm --filter api run create-account -- --account NAME [--email E] [--role player|agent] [--lead]`, password from
 * ACCOUNT_PASSWORD or standard input. Uses DATABASE_URL, else the embedded folder (stop the server first: one
 * process per PGlite folder).
 */
const code = await runCreateAccount({
  argv: process.argv.slice(2),
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
process.exit(code);
