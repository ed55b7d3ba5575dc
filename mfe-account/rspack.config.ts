import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppBuild } from 'tooling/rspack';

export default createAppBuild({
  name: 'account',
  kind: 'remote',
  appDir: path.dirname(fileURLToPath(import.meta.url)),
  entry: './src/standalone.ts',
  serverEntry: './src/server/first-view.tsx',
  htmlTitle: 'Account — standalone',
});
