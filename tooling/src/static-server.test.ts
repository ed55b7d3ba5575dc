import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './static-server.js';

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
