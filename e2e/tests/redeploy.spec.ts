import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { startTopology, type Topology } from 'tooling/topology';
import { t } from '../support/locales.js';

/**
 * Issue 5, "Independent deployment": the production topology (nginx origins and edge, two API replicas,
 * PostgreSQL) with the support remote served from a folder of this test's own, so replacing its files touches
 * nothing the other browser tests use. Ports apart from the other tests' (18xxx below 18100) and the local
 * topology's defaults (20xxx).
 */
const PORTS = {
  edge: 18180,
  catalog: 18181,
  support: 18182,
  account: 18183,
  shell: 18184,
  shellPages: 18185,
  catalogFragments: 18186,
  supportFragments: 18187,
  accountFragments: 18188,
  edgeInternalApi: 18189,
  edgeHttp: 18190,
  api1: 18191,
  api2: 18192,
  postgres: 18195,
};
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SUPPORT_SOURCE = path.join(repoRoot, 'mfe-support');
// With the build's compressed copies of them (file.js.br, file.js.gz).
const HASHED_FILE = /\.[0-9a-f]{10}\.(?:js|css|map|svg|webp|png|woff2)(?:\.br|\.gz)?$/;
const CHOOSE_GAME = t('support', 'en', 'game.title');
const REDEPLOYED_TITLE = `${CHOOSE_GAME} (redeployed)`;

/**
 * Builds the support remote from a patched copy of its sources into a folder of its own, with the workspace's
 * dependencies and the same build command; the real mfe-support/dist is never touched.
 */
async function buildSupportVariant(workDir: string, name: string, patch: (appDir: string) => void): Promise<string> {
  const appDir = path.join(workDir, name, 'mfe-support');
  mkdirSync(appDir, { recursive: true });
  for (const entry of ['src', 'locales', 'package.json', 'rspack.config.ts']) {
    cpSync(path.join(SUPPORT_SOURCE, entry), path.join(appDir, entry), { recursive: true });
  }
  symlinkSync(path.join(SUPPORT_SOURCE, 'node_modules'), path.join(appDir, 'node_modules'));
  patch(appDir);
  const output: Buffer[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const build = spawn(path.join(appDir, 'node_modules', '.bin', 'rspack'), ['build'], {
      cwd: appDir,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    build.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    build.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    build.once('error', reject);
    build.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`the ${name} build failed:\n${Buffer.concat(output).toString()}`);
  return path.join(appDir, 'dist');
}

function patchFile(file: string, find: string, replacement: string): void {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(find)) throw new Error(`${file} no longer contains ${find}`);
  writeFileSync(file, text.replace(find, replacement));
}

/**
 * Deploys a build by replacing files, as an operator would on a static origin: the new content-hashed files first
 * (the old ones stay, so a page still running the previous version can fetch its lazy chunks), then the entry
 * points and manifests, each renamed into place so the server never sends half a file.
 */
function deploy(build: string, root: string): void {
  const files = readdirSync(build, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  const ordered = [...files.filter((entry) => HASHED_FILE.test(entry.name)), ...files.filter((entry) => !HASHED_FILE.test(entry.name))];
  for (const entry of ordered) {
    const relative = path.relative(build, path.join(entry.parentPath, entry.name));
    const target = path.join(root, relative);
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(path.join(build, relative), `${target}.deploying`);
    renameSync(`${target}.deploying`, target);
  }
}

/** The scripts the shell's HTML names (its deferred chunks and its entry), not the tags a runtime adds while it loads more. */
const shellScripts = (page: Page) =>
  page
    .locator('script[src][defer], script[src][type="module"]')
    .evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).src));

test.describe('redeploying one remote on the production topology (issue 5)', () => {
  test.describe.configure({ mode: 'serial' });
  // The edge's certificate is the run's own self-signed one.
  test.use({ ignoreHTTPSErrors: true });

  let workDir = '';
  let topology: Topology | undefined;
  let redeployed = '';
  let incompatible = '';
  let site = '';

  test.beforeAll(async () => {
    // PostgreSQL, two API replicas and five nginx processes, plus two remote builds, on a machine the other
    // browser tests keep busy.
    test.setTimeout(240_000);
    workDir = mkdtempSync(path.join(tmpdir(), 'e2e-redeploy-'));
    const supportRoot = path.join(workDir, 'support-origin');
    cpSync(path.join(SUPPORT_SOURCE, 'dist'), supportRoot, { recursive: true });
    const started = startTopology({
      ports: PORTS,
      roots: { support: supportRoot },
      logDir: path.join(repoRoot, '.data', 'topology', 'e2e-redeploy-logs'),
    });
    const builds = (async () => {
      redeployed = await buildSupportVariant(workDir, 'redeployed', (appDir) =>
        patchFile(path.join(appDir, 'locales', 'en', 'support.json'), `"title": "${CHOOSE_GAME}"`, `"title": "${REDEPLOYED_TITLE}"`),
      );
      // What a remote built against the next major of shared-contracts records in its lifecycles.
      incompatible = await buildSupportVariant(workDir, 'incompatible', (appDir) =>
        patchFile(
          path.join(appDir, 'src', 'app', 'lifecycles.tsx'),
          'contractVersion: __BUILT_CONTRACT_VERSION__',
          "contractVersion: '2.0.0'",
        ),
      );
    })();
    const [ready] = await Promise.allSettled([started, builds]);
    if (ready.status === 'fulfilled') topology = ready.value;
    await Promise.all([started, builds]);
    site = topology!.urls.site.replace('//localhost', '//nova.localhost');
  });

  test.afterAll(async () => {
    await topology?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  test('the edge composes a page that answers 404 too: a game the catalogue lacks has its not-found view in the HTML', async ({
    request,
  }) => {
    // Node resolves no *.localhost: the default brand's address.
    const edge = topology!.urls.site;
    const missing = await request.get(`${edge}/GamesDetails/999?spec_lang=en`);
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('data-testid="game-not-found"');
    const known = await request.get(`${edge}/GamesDetails/1?spec_lang=en`);
    expect(known.status()).toBe(200);
    expect(await known.text()).toContain('id="game-title"');
  });

  test('a changed support remote swapped into its origin is served on the next reload, with no shell rebuild', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    await page.goto(`${site}/SupportCenter/game?spec_lang=en`);
    await expect(page.getByRole('heading', { name: CHOOSE_GAME, exact: true })).toBeVisible();
    const shellBefore = await shellScripts(page);
    const html = await request.get(`${site.replace('nova.localhost', 'localhost')}/SupportCenter/game?spec_lang=en`);
    expect(await html.text()).toContain(`>${CHOOSE_GAME}</h2>`);

    deploy(redeployed, topology!.roots.support);
    // The page that is open keeps working on the version it loaded: client-side navigation within the site.
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-home').click();
    await expect(page.getByTestId('banner-carousel')).toBeVisible();

    await page.goto(`${site}/SupportCenter/game?spec_lang=en`);
    await expect(page.getByRole('heading', { name: REDEPLOYED_TITLE })).toBeVisible();
    await expect(page.getByTestId('remote-notice')).toHaveCount(0);
    // The same shell files: nothing but the support origin's files changed.
    expect(await shellScripts(page)).toEqual(shellBefore);
    // The page's HTML carries the new version's first view, stitched in by the edge (within its short cache).
    await expect
      .poll(async () => (await request.get(`${site.replace('nova.localhost', 'localhost')}/SupportCenter/game?spec_lang=en`)).text(), {
        timeout: 20_000,
      })
      .toContain(REDEPLOYED_TITLE);

    // Why the next load sees it: the manifest and remote entry are revalidated, the hashed files never change.
    const origin = topology!.urls.origins.support;
    for (const entry of ['mf-manifest.json', 'remoteEntry.js']) {
      expect((await request.get(`${origin}/${entry}`)).headers()['cache-control']).toBe('no-cache');
    }
    const hashed = readdirSync(redeployed).find((file) => file.endsWith('.js') && HASHED_FILE.test(file));
    expect((await request.get(`${origin}/${hashed}`)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('a support remote built against another contract major is refused with the notice above its first view; the rest of the site works', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    deploy(incompatible, topology!.roots.support);
    await page.goto(`${site}/SupportCenter/game?spec_lang=en`);
    const notice = page.getByTestId('remote-notice');
    await expect(notice).toHaveAttribute('data-remote', 'support');
    await expect(notice).toContainText(t('common', 'en', 'remote.incompatible'));
    // Its code never runs: the first view its fragment brought stays to be read, above it the notice.
    await expect(page.locator('[id="single-spa-application:support"] > :first-child')).toHaveAttribute('data-testid', 'remote-notice');
    await expect(page.locator('[id="single-spa-application:support"]')).not.toHaveAttribute('data-first-view', /./);
    await expect(page.getByTestId('footer')).toBeVisible();
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-home').click();
    await expect(page.getByTestId('banner-carousel')).toBeVisible();

    // Putting a compatible build back is again a file swap; the next load shows it.
    deploy(redeployed, topology!.roots.support);
    await page.goto(`${site}/SupportCenter/game?spec_lang=en`);
    await expect(page.getByRole('heading', { name: REDEPLOYED_TITLE })).toBeVisible();
    await expect(page.getByTestId('remote-notice')).toHaveCount(0);
  });
});
