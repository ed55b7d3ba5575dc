import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './static-server.js';
import { startTestOrigin } from './test-origin.js';

const nginxTemplate = readFileSync(new URL('../docker/nginx-static.conf.template', import.meta.url), 'utf8');

/** The value of one server-level `add_header NAME "value"` line of the production template. */
function nginxHeader(name: string): string | undefined {
  return new RegExp(`^\\s*add_header ${name} "([^"]*)" always;`, 'm').exec(nginxTemplate)?.[1];
}

describe('Content-Security-Policy', () => {
  it('lets pages show blob: images, the attachment previews and thumbnails', () => {
    const imgSrc = contentSecurityPolicy(['https://support.example'])
      .split('; ')
      .find((directive) => directive.startsWith('img-src '));
    expect(imgSrc?.split(' ')).toContain('blob:');
  });

  it('is the same in production (nginx) as in the local static server', () => {
    expect(nginxHeader('Content-Security-Policy')).toBe(contentSecurityPolicy(['${REMOTE_ORIGINS}']));
  });

  it('reaches every nginx location: none sets headers of its own, which would drop the server-level ones', () => {
    const locations = [...nginxTemplate.matchAll(/^\s*location .*\{\n([\s\S]*?)^\s*\}$/gm)];
    expect(locations.map(([, body]) => body?.trim())).toEqual(['return 404;', 'try_files $uri =404;', 'try_files $uri /index.html;']);
    for (const [, body] of locations) expect(body).not.toMatch(/add_header/);
  });
});

describe('a page asked for with HEAD', () => {
  it('gets the headers GET would, without the body, on every route as on the front page', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'static-head-'));
    await writeFile(path.join(root, 'index.html'), '<!doctype html><title>account</title>');
    const site = await startTestOrigin('account', root);
    try {
      const origin = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
      for (const route of ['/', '/login', '/UserCenter']) {
        const head = await fetch(origin + route, { method: 'HEAD' });
        expect(head.status, route).toBe(200);
        expect(head.headers.get('content-type'), route).toContain('text/html');
        expect(head.headers.get('content-security-policy'), route).toBeTruthy();
        expect(await head.text(), route).toBe('');
      }
      expect((await fetch(`${origin}/missing.js`, { method: 'HEAD' })).status).toBe(404);
    } finally {
      await site.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
