import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppBuild } from 'tooling/rspack';

const appDir = path.dirname(fileURLToPath(import.meta.url));

export default createAppBuild({
  name: 'shell',
  kind: 'host',
  appDir,
  entry: './src/main.ts',
  htmlTitle: '',
  runtimePlugins: [path.join(appDir, 'src/app/remote-fallback-plugin.ts')],
  // Every page but the not-found one shows a remote, and every remote routes with react-router: fetched with the
  // shell's own chunks instead of after the remote's entry has run.
  preloadProvided: ['react-router'],
});
