import { parseArgs } from 'node:util';
import { BRAND_IDS } from 'shared-contracts';
import { demoOAuthEnv } from './clients.js';

/**
 * The demo social-login provider for `npm start` (tooling/scripts/start.sh), in two steps:
 *   pnpm --filter tooling run demo-oauth env --port P --site-port S     prints the API's OAUTH_* variables for it,
 *                                                                        as shell `export` lines;
 *   pnpm --filter tooling run demo-oauth serve --port P --site-port S   runs it until stopped.
 * The site may be opened under any brand's host, so every brand's origin on the site's port may receive a login back.
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { port: { type: 'string', default: '8070' }, 'site-port': { type: 'string', default: '8080' } },
});

const port = Number(values.port);
const issuer = `http://127.0.0.1:${port}`;
const siteHosts = ['localhost', ...BRAND_IDS.map((brand) => `${brand}.localhost`), 'jp.aurum.localhost'];
const redirectOrigins = siteHosts.map((host) => `http://${host}:${values['site-port']}`);

if (positionals[0] === 'env') {
  const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
  for (const [name, value] of Object.entries(demoOAuthEnv(issuer, redirectOrigins)))
    process.stdout.write(`export ${name}=${quote(value)}\n`);
} else if (positionals[0] === 'serve') {
  // Imported here: printing the variables must not start (or load) the server.
  const { startDemoOAuthServer } = await import('./server.js');
  const server = await startDemoOAuthServer({ port, redirectOrigins });
  console.info(`demo social-login provider at ${server.issuer}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.close().then(() => process.exit(0)));
} else {
  console.error('usage: demo-oauth env|serve [--port 8070] [--site-port 8080]');
  process.exit(2);
}
