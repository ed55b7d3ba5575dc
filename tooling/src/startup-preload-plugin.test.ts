import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Configuration } from '@rspack/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Shared libraries the shell provides but does not run as it starts: the schemas (with zod) load when a form first
 * checks its input. react-router, which only the remotes import, is preloaded all the same (shell/rspack.config.ts).
 */
const NOT_IN_SHELL_STARTUP = ['shared-contracts/schemas'];

interface MfStats {
  shared: { name: string; assets: { js: { sync: string[] } } }[];
}

/** The shell built as production builds it, into a folder of its own (the apps' dist folders are shared). */
async function buildShell(outputPath: string): Promise<void> {
  const { default: configs } = (await import(path.join(repoRoot, 'shell', 'rspack.config.ts'))) as { default: Configuration[] };
  const config = { ...configs[0]!, output: { ...configs[0]!.output, path: outputPath } };
  await new Promise<void>((resolve, reject) => {
    rspack(config).run((error, stats) => {
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString('errors-only')));
      else resolve();
    });
  });
}

const attributeValues = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]!.replace(/^\//, ''));

describe("the shell's page hints the chunks its start-up loads (StartupPreloadPlugin)", () => {
  let outputPath = '';
  let html = '';
  let stats: MfStats = { shared: [] };

  beforeAll(async () => {
    outputPath = mkdtempSync(path.join(tmpdir(), 'startup-preload-'));
    await buildShell(outputPath);
    html = readFileSync(path.join(outputPath, 'index.html'), 'utf8');
    stats = JSON.parse(readFileSync(path.join(outputPath, 'mf-stats.json'), 'utf8')) as MfStats;
  }, 120_000);

  afterAll(() => rmSync(outputPath, { recursive: true, force: true }));

  const preloaded = () => attributeValues(html, /<link (?=[^>]*rel="preload")(?=[^>]*as="script")[^>]*href="([^"]+)"/g);

  it('preloads the chunk of every shared library the shell runs at start-up or preloads for its remotes, each once, as the classic script it loads as', () => {
    const expected = stats.shared
      .filter((library) => !NOT_IN_SHELL_STARTUP.includes(library.name))
      .flatMap((library) => library.assets.js.sync);
    expect(expected.length).toBeGreaterThan(0);
    expect([...preloaded()].sort()).toEqual([...new Set(expected)].sort());
    // Chunks load with a <script> and no crossorigin attribute (output.module is off): a modulepreload or a
    // crossorigin hint would not match that request and the browser would download the chunk twice.
    expect(html).not.toContain('modulepreload');
    expect(html).not.toMatch(/<link (?=[^>]*as="script")[^>]*crossorigin/);
  });

  it('asks for the hinted chunks at low priority, after what the first view in the HTML needs', () => {
    const hints = [...html.matchAll(/<link (?=[^>]*rel="preload")(?=[^>]*as="script")[^>]*>/g)].map(([tag]) => tag);
    expect(hints.length).toBeGreaterThan(0);
    for (const hint of hints) expect(hint).toMatch(/fetchpriority="low"/);
  });

  it('hints only files of the build, and not the entry script, which the page already asks for', () => {
    const entry = attributeValues(html, /<script [^>]*src="([^"]+)"/g);
    expect(entry).toHaveLength(1);
    for (const file of preloaded()) {
      expect(existsSync(path.join(outputPath, file)), file).toBe(true);
      expect(entry).not.toContain(file);
    }
  });

  it('leaves out the chunks of libraries the start-up does not run', () => {
    const remoteOnly = stats.shared.filter((library) => NOT_IN_SHELL_STARTUP.includes(library.name)).flatMap((library) => library.assets.js.sync);
    expect(remoteOnly.length).toBeGreaterThan(0);
    expect(preloaded().filter((file) => remoteOnly.includes(file))).toEqual([]);
  });
});
