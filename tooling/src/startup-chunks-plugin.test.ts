import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Configuration } from '@rspack/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Shared libraries the shell provides but does not run as it starts: the schemas (with zod) load when a form first checks its input. */
const NOT_IN_SHELL_STARTUP = ['shared-contracts/schemas'];
/** Provided for the remotes, which all route with it, and preloaded though the shell does not run it (shell/rspack.config.ts). */
const PROVIDED_FOR_REMOTES = ['react-router'];

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

describe("the shell's page asks at once for the chunks its start-up loads (StartupChunksPlugin)", () => {
  let outputPath = '';
  let html = '';
  let stats: MfStats = { shared: [] };

  beforeAll(async () => {
    outputPath = mkdtempSync(path.join(tmpdir(), 'startup-chunks-'));
    await buildShell(outputPath);
    html = readFileSync(path.join(outputPath, 'index.html'), 'utf8');
    stats = JSON.parse(readFileSync(path.join(outputPath, 'mf-stats.json'), 'utf8')) as MfStats;
  }, 120_000);

  afterAll(() => rmSync(outputPath, { recursive: true, force: true }));

  const chunksOf = (names: (name: string) => boolean) => [...new Set(stats.shared.filter((library) => names(library.name)).flatMap((library) => library.assets.js.sync))];
  const scriptTags = () => [...html.matchAll(/<script [^>]*src="[^"]+"[^>]*>/g)].map(([tag]) => tag);
  const deferred = () => attributeValues(html, /<script (?=[^>]*\bdefer\b)[^>]*src="([^"]+)"/g);
  const preloaded = () => attributeValues(html, /<link (?=[^>]*rel="preload")(?=[^>]*as="script")[^>]*href="([^"]+)"/g);

  it('runs the chunk of every shared library the start-up runs as a deferred script before the entry, each once, as the classic script it loads as', () => {
    const run = chunksOf((name) => !NOT_IN_SHELL_STARTUP.includes(name) && !PROVIDED_FOR_REMOTES.includes(name));
    expect(run.length).toBeGreaterThan(0);
    expect([...deferred()].sort()).toEqual([...run].sort());
    // Deferred scripts and the module entry run in document order: every chunk is registered before the entry runs.
    const tags = scriptTags();
    expect(tags.at(-1)).toMatch(/type="module"/);
    expect(tags.slice(0, -1).every((tag) => /\bdefer\b/.test(tag) && /fetchpriority="low"/.test(tag))).toBe(true);
    // Chunks load with a <script> and no crossorigin attribute (output.module is off): a modulepreload or a
    // crossorigin tag would not match the runtime's own request and the browser would download the chunk twice.
    expect(html).not.toContain('modulepreload');
    expect(html).not.toMatch(/<(?:script|link) (?=[^>]*(?:src|href)="\/\d)[^>]*crossorigin/);
  });

  it('preloads, at low priority, the chunks of what it provides for its remotes without running them', () => {
    const provided = chunksOf((name) => PROVIDED_FOR_REMOTES.includes(name)).filter((file) => !deferred().includes(file));
    expect(provided.length).toBeGreaterThan(0);
    expect(preloaded().sort()).toEqual(provided.sort());
    for (const hint of html.matchAll(/<link (?=[^>]*rel="preload")(?=[^>]*as="script")[^>]*>/g)) expect(hint[0]).toMatch(/fetchpriority="low"/);
  });

  it('names only files of the build', () => {
    for (const file of [...deferred(), ...preloaded()]) expect(existsSync(path.join(outputPath, file)), file).toBe(true);
  });

  it('leaves out the chunks of libraries the start-up does not run', () => {
    // A chunk of modules both sides import (split out by the bundler) is the start-up's too.
    const startup = chunksOf((name) => !NOT_IN_SHELL_STARTUP.includes(name));
    const remoteOnly = chunksOf((name) => NOT_IN_SHELL_STARTUP.includes(name)).filter((file) => !startup.includes(file));
    expect(remoteOnly.length).toBeGreaterThan(0);
    expect([...deferred(), ...preloaded()].filter((file) => remoteOnly.includes(file))).toEqual([]);
  });
});
