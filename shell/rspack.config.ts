import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppBuild } from 'tooling/rspack';
import { SHARED_FOR_REMOTES } from './src/app/shared-for-remotes.js';

const appDir = path.dirname(fileURLToPath(import.meta.url));

export default createAppBuild({
  name: 'shell',
  kind: 'host',
  appDir,
  entry: './src/main.ts',
  serverEntry: './src/server/first-view.tsx',
  htmlTitle: '',
  runtimePlugins: [path.join(appDir, 'src/app/remote-fallback-plugin.ts')],
  preloadProvided: SHARED_FOR_REMOTES,
});
