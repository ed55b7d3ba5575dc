import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { rspack } from '@rspack/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrecompressPlugin } from './precompress-plugin.js';
import { startStaticServer } from './static-server.js';
import { renderStaticOrigin, startNginx } from './topology/nginx.js';
import { waitUntilUp } from './processes.js';

const workDir = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
const distDir = path.join(workDir, 'dist');

/** A production build of a module big enough to be compressed, with its source map (which must stay as it is). */
function build(): Promise<void> {
  const sourceDir = path.join(workDir, 'src');
  rmSync(sourceDir, { recursive: true, force: true });
  writeFileSync(
    path.join(workDir, 'entry.js'),
    `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => `word-${index}`))};\nconsole.log(words.join(' '));\n`,
  );
  const compiler = rspack({
    mode: 'production',
    context: workDir,
    entry: { main: './entry.js' },
    devtool: 'source-map',
    output: { path: distDir, filename: '[name].[contenthash:10].js', clean: true },
    plugins: [new PrecompressPlugin(), new rspack.HtmlRspackPlugin({ templateContent: '<!doctype html><title>t</title>' })],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString()));
      else resolve();
    }),
  );
}

/** One GET with the given Accept-Encoding, without any decoding: the bytes as sent. */
function fetchRaw(url: string, acceptEncoding: string): Promise<{ encoding?: string; vary?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ encoding: response.headers['content-encoding'], vary: response.headers.vary, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

let script = '';
beforeAll(async () => {
  await build();
  script = readdirSync(distDir).find((name) => /^main\.[0-9a-f]{10}\.js$/.test(name))!;
}, 60_000);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('precompressed copies (tooling/src/precompress-plugin.ts)', () => {
  it('the build writes a brotli and a gzip copy of the script that decode to the script, and none of the source map', () => {
    const original = readFileSync(path.join(distDir, script));
    expect(original.length).toBeGreaterThan(1024);
    expect(zlib.brotliDecompressSync(readFileSync(path.join(distDir, `${script}.br`)))).toEqual(original);
    expect(zlib.gunzipSync(readFileSync(path.join(distDir, `${script}.gz`)))).toEqual(original);
    const files = readdirSync(distDir);
    expect(files).toContain(`${script}.map`);
    expect(files.filter((name) => /\.map\.(br|gz)$/.test(name))).toEqual([]);
    // Too small to be worth a copy.
    expect(files).not.toContain('index.html.br');
  });

  const servers = {
    'the production nginx template': async (port: number) => {
      const nginx = startNginx(
        'precompress-origin',
        path.join(workDir, 'nginx'),
        renderStaticOrigin({ port, root: distDir, remoteOrigins: [] }),
        workDir,
      );
      await waitUntilUp(`http://127.0.0.1:${port}/index.html`, nginx.started, 20_000);
      return () => nginx.started.stop();
    },
    'the test and bench static server': async (port: number) => {
      const server = await startStaticServer({
        app: 'catalog',
        port,
        host: '127.0.0.1',
        root: distDir,
        remotes: { catalog: 'http://127.0.0.1:1/m.json', support: 'http://127.0.0.1:1/m.json', account: 'http://127.0.0.1:1/m.json' },
      });
      return () => server.close();
    },
  };

  for (const [name, start] of Object.entries(servers)) {
    it(`${name} sends the copy the browser accepts, brotli first`, async () => {
      const port = 21_500 + Math.floor(Math.random() * 400);
      const stop = await start(port);
      try {
        const url = `http://127.0.0.1:${port}/${script}`;
        const brotli = await fetchRaw(url, 'gzip, deflate, br');
        expect(brotli.encoding).toBe('br');
        expect(brotli.body).toEqual(readFileSync(path.join(distDir, `${script}.br`)));
        expect(brotli.vary?.toLowerCase()).toContain('accept-encoding');
        const gzip = await fetchRaw(url, 'gzip');
        expect(gzip.encoding).toBe('gzip');
        expect(gzip.body).toEqual(readFileSync(path.join(distDir, `${script}.gz`)));
        const identity = await fetchRaw(url, 'identity');
        expect(identity.encoding).toBeUndefined();
        expect(identity.body).toEqual(readFileSync(path.join(distDir, script)));
      } finally {
        await stop();
      }
    }, 30_000);
  }
});
