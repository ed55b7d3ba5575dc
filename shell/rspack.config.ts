import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GAME_ENTRY_PARAMS } from 'shared-contracts';
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
  // A game client's session token leaves the address bar before the page asks for anything more.
  startAtOnceWith: [GAME_ENTRY_PARAMS.token],
});
