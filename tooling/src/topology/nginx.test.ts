import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../static-server.js';
import { loopbackEdgeOptions } from './edge-test-options.js';
import { EDGE_CONFIG, renderEdge, renderStaticOrigin, STATIC_TEMPLATE } from './nginx.js';

const remoteOrigins = ['http://localhost:20081', 'http://localhost:20082'];

describe('the local topology renders the production nginx files', () => {
  it('a static origin keeps every header, cache rule and compression line of the template', () => {
    const rendered = renderStaticOrigin({ port: 20082, root: '/tmp/some dist', remoteOrigins });
    expect(rendered).toContain('listen 127.0.0.1:20082;');
    expect(rendered).toContain('root "/tmp/some dist";');
    expect(rendered).not.toContain('${REMOTE_ORIGINS}');
    expect(rendered).toContain(`add_header Content-Security-Policy "${contentSecurityPolicy(remoteOrigins)}" always;`);
    // Apart from the three substituted lines, the template is served as it is.
    const template = readFileSync(STATIC_TEMPLATE, 'utf8').split('\n');
    const differing = rendered.split('\n').filter((line, index) => line !== template[index]);
    expect(differing).toHaveLength(3);
  });

  it('the edge sends /api/ to the given replicas, pages to the page server, files to the shell origin, fragments to their servers', () => {
    const rendered = renderEdge(
      loopbackEdgeOptions(0, {
        remotesJson: '/tmp/remotes.json',
        cacheDir: '/tmp/edge cache',
        tls: { certificate: '/tmp/tls/fullchain.pem', key: '/tmp/tls/privkey.pem' },
      }),
    );
    expect(rendered).toContain(
      '  server 127.0.0.1:20091 max_fails=1 fail_timeout=2s;\n  server 127.0.0.1:20092 max_fails=1 fail_timeout=2s;\n}',
    );
    const directives = rendered
      .split('\n')
      .filter((line) => !line.trimStart().startsWith('#'))
      .join('\n');
    expect(directives).not.toMatch(
      /api-\d:8090|shell:80|(catalog|support|account):80|-fragments:8080|shell-pages:8080|\/etc\/platform|\/etc\/nginx|\/var\/cache/,
    );
    expect(rendered).toContain('proxy_pass http://127.0.0.1:20084;');
    for (const port of [20081, 20082, 20083, 20085, 20086, 20087, 20088]) expect(rendered).toContain(`server 127.0.0.1:${port};`);
    expect(rendered).toContain('proxy_cache_path "/tmp/edge cache" ');
    expect(rendered).toContain('alias "/tmp/remotes.json";');
    expect(rendered).toContain('listen 127.0.0.1:20090 default_server;');
    expect(rendered).toContain('return 301 https://$host:20080$request_uri;');
    expect(rendered).toContain('listen 127.0.0.1:20080 ssl http2 default_server;');
    expect(rendered.match(/listen 127\.0\.0\.1:20080 ssl http2/g)).toHaveLength(2);
    expect(rendered.match(/ssl_certificate "\/tmp\/tls\/fullchain\.pem";/g)).toHaveLength(2);
    expect(rendered.match(/ssl_certificate_key "\/tmp\/tls\/privkey\.pem";/g)).toHaveLength(2);
    expect(rendered).toContain('listen 127.0.0.1:20089;');
    expect(rendered.match(/proxy_pass http:\/\/api_replicas\/;/g)).toHaveLength(2);
    expect(readFileSync(EDGE_CONFIG, 'utf8').split('\n')).toHaveLength(rendered.split('\n').length);
  });
});
