import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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

/** The space-separated URLs of one of the starter's attributes, without the leading slash. */
const starterList = (html: string, attribute: string) =>
  (new RegExp(`<script [^>]*${attribute}="([^"]*)"`).exec(html)?.[1] ?? '')
    .split(' ')
    .filter(Boolean)
    .map((url) => url.replace(/^\//, ''));

let outputPath = '';

beforeAll(async () => {
  outputPath = mkdtempSync(path.join(tmpdir(), 'shell-build-'));
  await buildShell(outputPath);
}, 120_000);

afterAll(() => rmSync(outputPath, { recursive: true, force: true }));

describe("the shell's page names at once the chunks its start-up loads, to a starter that asks for them after the first view (StartupChunksPlugin)", () => {
  let html = '';
  let stats: MfStats = { shared: [] };

  beforeAll(() => {
    html = readFileSync(path.join(outputPath, 'index.html'), 'utf8');
    stats = JSON.parse(readFileSync(path.join(outputPath, 'mf-stats.json'), 'utf8')) as MfStats;
  });

  const chunksOf = (names: (name: string) => boolean) => [
    ...new Set(stats.shared.filter((library) => names(library.name)).flatMap((library) => library.assets.js.sync)),
  ];
  const scriptTags = () => [...html.matchAll(/<script [^>]*src="[^"]+"[^>]*>/g)].map(([tag]) => tag);

  it('has one script in its HTML, the deferred starter, and no preload of a script', () => {
    const tags = scriptTags();
    expect(tags).toHaveLength(1);
    expect(tags[0]).toMatch(/\bdefer\b/);
    expect(tags[0]).toMatch(/src="\/start\.[0-9a-f]{10}\.js"/);
    expect(html).not.toMatch(/<link [^>]*as="script"/);
    expect(html).not.toContain('modulepreload');
  });

  it('names every chunk of a shared library the start-up runs, each once, and the entry as the module it is', () => {
    const run = chunksOf((name) => !NOT_IN_SHELL_STARTUP.includes(name) && !PROVIDED_FOR_REMOTES.includes(name));
    expect(run.length).toBeGreaterThan(0);
    const named = starterList(html, 'data-scripts');
    expect(named.length).toBe(new Set(named).size);
    expect([...named].sort()).toEqual([...run].sort());
    expect(starterList(html, 'data-module-scripts')).toEqual([expect.stringMatching(/^main\.[0-9a-f]{10}\.js$/)]);
  });

  it("starts at once on a game client's address, whose session token the start-up takes out of the address bar", () => {
    expect(starterList(html, 'data-start-at-once-with')).toEqual(['oauth_token']);
  });

  it('names for a preload the chunks of what it provides for its remotes without running them', () => {
    const provided = chunksOf((name) => PROVIDED_FOR_REMOTES.includes(name)).filter(
      (file) => !starterList(html, 'data-scripts').includes(file),
    );
    expect(provided.length).toBeGreaterThan(0);
    expect(starterList(html, 'data-preloads').sort()).toEqual(provided.sort());
  });

  it('names only files of the build, the starter included', () => {
    const starter = /src="\/(start\.[0-9a-f]+\.js)"/.exec(html)![1]!;
    for (const file of [
      starter,
      ...['data-scripts', 'data-module-scripts', 'data-preloads'].flatMap((attribute) => starterList(html, attribute)),
    ]) {
      expect(existsSync(path.join(outputPath, file)), file).toBe(true);
    }
  });

  it('leaves out the chunks of libraries the start-up does not run', () => {
    // A chunk of modules both sides import (split out by the bundler) is the start-up's too.
    const startup = chunksOf((name) => !NOT_IN_SHELL_STARTUP.includes(name));
    const remoteOnly = chunksOf((name) => NOT_IN_SHELL_STARTUP.includes(name)).filter((file) => !startup.includes(file));
    expect(remoteOnly.length).toBeGreaterThan(0);
    const named = ['data-scripts', 'data-preloads'].flatMap((attribute) => starterList(html, attribute));
    expect(named.filter((file) => remoteOnly.includes(file))).toEqual([]);
  });
});

describe("the shell's stylesheet is written for the supported browsers (SUPPORTED_BROWSERS)", () => {
  it('keeps logical properties as written, without a copy of the rule per writing direction', () => {
    const [file] = readdirSync(outputPath).filter((name) => /^main\.[0-9a-f]+\.css$/.test(name));
    const css = readFileSync(path.join(outputPath, file!), 'utf8');
    // The side menu and the language globe are placed by their inline end: the same rule in Arabic and in English.
    expect(css).toContain('inset-inline-end:');
    expect(css).not.toContain(':lang(');
    expect(css).not.toContain('-webkit-any(');
  });
});
