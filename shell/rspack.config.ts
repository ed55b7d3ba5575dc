import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from 'tooling/rspack';

const appDir = path.dirname(fileURLToPath(import.meta.url));

export default createAppConfig({
  name: 'shell',
  kind: 'host',
  appDir,
  entry: './src/main.ts',
  htmlTitle: '',
  runtimePlugins: [path.join(appDir, 'src/app/remote-fallback-plugin.ts')],
});
