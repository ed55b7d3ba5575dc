// pnpm --filter api run build: the production build the API image runs (tooling/docker/api.Dockerfile). esbuild
// compiles each entry point, with the shared-contracts code it uses, into a file in api/dist/ (code they share, and
// what import() loads, into chunk files beside them); the API's own
// dependencies stay packages, installed beside it with --prod. api/dist is as deep in the tree as api/src, so the
// folders found from a module's place (config.ts: REPO_ROOT, API_ROOT) stay the same.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { dependencies } = JSON.parse(readFileSync(path.join(apiRoot, 'package.json'), 'utf8'));

const result = await build({
  absWorkingDir: apiRoot,
  entryPoints: {
    main: 'src/main.ts',
    'create-account': 'src/identity/create-account-cli.ts',
    'agent-totp': 'src/identity/agent-totp-cli.ts',
    seed: 'src/seed/cli.ts',
  },
  outdir: 'dist',
  // shared-contracts loads some of its browser code with import() (the live channel's stream code). Without
  // splitting, esbuild turns such modules into lazily started ones and then never starts live-events.ts for the
  // API's static imports (LIVE_TIMINGS undefined: the compiled API did not start); with it, each import() becomes a
  // chunk in dist (as deep as the entries, for the folders config.ts finds from a module's place) and every module
  // starts as written.
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: Object.keys(dependencies).filter((name) => name !== 'shared-contracts'),
  // The CommonJS code bundled from shared-contracts' dependencies calls require, which an ES module lacks.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
  write: false,
});

// Each file written beside its place and renamed into it: an API starting while another build runs (two local
// topologies at once) reads the previous file or the new one, never half of one.
for (const file of result.outputFiles) {
  mkdirSync(path.dirname(file.path), { recursive: true });
  const temporary = `${file.path}.${process.pid}.tmp`;
  writeFileSync(temporary, file.contents);
  renameSync(temporary, file.path);
}
