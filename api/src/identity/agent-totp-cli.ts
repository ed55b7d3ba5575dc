import { runAgentTotp } from './agent-totp.js';

/**
 * `pnpm --filter api run agent-totp -- --account NAME [--remove]`. Uses DATABASE_URL, else the embedded folder
 * (stop the server first: one process per PGlite folder).
 */
const code = await runAgentTotp({ argv: process.argv.slice(2), env: process.env, stdout: process.stdout, stderr: process.stderr });
process.exit(code);
