import path from 'node:path';
import { parseArgs } from 'node:util';
import { startStaticServer, type AppName } from './static-server.js';

const { values } = parseArgs({
  options: {
    app: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
    dir: { type: 'string', default: 'dist' },
  },
});

const app = values.app as AppName | undefined;
if (!app || !['shell', 'catalog', 'support', 'account'].includes(app)) {
  console.error('usage: serve-app --app shell|catalog|support|account --port N [--dir dist]');
  process.exit(2);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port <= 0) {
  console.error(`serve-app: invalid --port ${values.port ?? ''}`);
  process.exit(2);
}

const server = await startStaticServer({ app, port, host: values.host, root: path.resolve(values.dir) });
console.info(`${app} serving ${path.resolve(values.dir)} at http://localhost:${port}/`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void server.close().then(() => process.exit(0)));
}
