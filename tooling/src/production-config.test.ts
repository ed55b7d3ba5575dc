import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPOSE_CHECK_ENV, ComposeInterpolationError, readCompose, type ComposeService } from './compose.js';
import { REPO_ROOT } from './processes.js';
import { writeSelfSignedPair } from './tls.js';
import { loopbackEdgeOptions } from './topology/edge-test-options.js';
import { checkNginxConfig, EDGE_CONFIG, renderEdge, renderStaticOrigin } from './topology/nginx.js';

/**
 * The production files (docker-compose.yml, tooling/docker/*) checked with the tools that read them, since no
 * Docker engine runs here: the compose file against the Compose Specification's JSON schema, every nginx file with
 * `nginx -t` (the edge's Debian nginx), and the rules of the security review (security-2026-11.md #4-#6, #11, #14).
 * The API's own schema reads the compose environment in api/test/production-config.test.ts.
 */
const DOCKER_DIR = path.join(REPO_ROOT, 'tooling', 'docker');
const compose = readCompose(COMPOSE_CHECK_ENV);
const services = Object.entries(compose.services);
const apiServices = services.filter(([, service]) => service.build?.dockerfile === 'tooling/docker/api.Dockerfile');
const networksOf = (service: ComposeService) => (Array.isArray(service.networks) ? service.networks : Object.keys(service.networks ?? {}));

const workDir = mkdtempSync(path.join(tmpdir(), 'production-config-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('docker-compose.yml', () => {
  it('is a valid Compose file (compose-spec schema, schema/compose-spec.json of compose-spec/compose-spec at a08f8d5)', () => {
    const schema = JSON.parse(readFileSync(path.join(DOCKER_DIR, 'compose-spec.json'), 'utf8')) as object;
    // The schema names its draft-07 meta-schema by an https URL Ajv does not list, and uses annotations draft-07
    // lacks ("deprecated"): validate documents against it without judging the schema itself.
    const validate = new Ajv({ strict: false, allErrors: true, validateSchema: false }).compile(schema);
    expect(validate(compose) ? [] : validate.errors).toEqual([]);
    expect(validate({ services: { api: { imagee: 'node:20.20.2-bookworm-slim' } } })).toBe(false);
  });

  it('will not start without its secrets and certificate folder', () => {
    for (const name of Object.keys(COMPOSE_CHECK_ENV)) {
      const env = { ...COMPOSE_CHECK_ENV, [name]: undefined };
      expect(() => readCompose(env), name).toThrow(ComposeInterpolationError);
      expect(() => readCompose(env), name).toThrow(new RegExp(`^${name}: `));
    }
  });

  it('pins every image it pulls and every base image it builds on to a version', () => {
    const pulled = services.flatMap(([, service]) => (service.image ? [service.image] : []));
    const built = readdirSync(DOCKER_DIR)
      .filter((file) => file.endsWith('.Dockerfile'))
      .flatMap((file) => [...readFileSync(path.join(DOCKER_DIR, file), 'utf8').matchAll(/^FROM (\S+)/gm)].map((match) => match[1]!))
      .filter((image) => image.includes(':'));
    expect(pulled.length).toBeGreaterThan(3);
    expect(built.length).toBeGreaterThan(3);
    for (const image of [...pulled, ...built]) expect(image).toMatch(/^[\w./-]+:v?\d+\.\d+(\.\d+)?(-[\w.-]+)?(@sha256:[0-9a-f]{64})?$/);
    expect(pulled.join(' ')).not.toMatch(/minio/);
  });

  it('publishes the edge alone, on 80 (a redirect) and 443, and Grafana on the host loopback only', () => {
    const published = services.filter(([, service]) => service.ports !== undefined).map(([name, service]) => [name, service.ports]);
    expect(published).toEqual([
      ['edge', ['80:80', '443:443']],
      ['grafana', ['127.0.0.1:3000:3000']],
    ]);
  });

  it('has the API trust X-Forwarded-* from the edge-api network alone, which holds the edge and the replicas only', () => {
    expect(apiServices.map(([name]) => name)).toEqual(['api-1', 'api-2']);
    const subnet = compose.networks?.['edge-api']?.ipam?.config?.[0]?.subnet;
    expect(subnet).toMatch(/^\d+\.\d+\.\d+\.\d+\/\d+$/);
    for (const [, service] of apiServices) expect(service.environment?.TRUST_PROXY).toBe(subnet);
    const onEdgeApi = services.filter(([, service]) => networksOf(service).includes('edge-api')).map(([name]) => name);
    expect(onEdgeApi.sort()).toEqual(['api-1', 'api-2', 'edge']);
    expect(compose.networks?.back?.internal).toBe(true);
  });

  it('gives the API its own storage key, never storage root credentials', () => {
    const storage = compose.services.storage!;
    expect(storage.image).toMatch(/^dxflrs\/garage:/);
    for (const [, service] of apiServices) {
      expect(service.environment?.S3_ACCESS_KEY_ID).toBe(storage.environment?.GARAGE_DEFAULT_ACCESS_KEY);
      expect(Object.keys(service.environment ?? {}).filter((name) => /GARAGE|ROOT|ADMIN/.test(name))).toEqual([]);
    }
    // Trimmed after Garage makes it: no owner rights on the bucket, no bucket creation.
    expect(compose.services['storage-key-no-owner']?.command).toEqual([
      '/garage',
      'bucket',
      'deny',
      '--owner',
      'attachments',
      '--key',
      COMPOSE_CHECK_ENV.S3_ACCESS_KEY_ID,
    ]);
    expect(compose.services['storage-key-no-create']?.command).toEqual([
      '/garage',
      'key',
      'deny',
      '--create-bucket',
      COMPOSE_CHECK_ENV.S3_ACCESS_KEY_ID,
    ]);
  });
});

describe('the images', () => {
  it('leave secrets, local data, history and local builds out of every build context (.dockerignore)', () => {
    const ignored = readFileSync(path.join(REPO_ROOT, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['.env', '.env.*', '.data/', '.git/', '**/node_modules/', '**/dist/', '**/test-results/'])
      expect(ignored).toContain(entry);
  });

  it('run the compiled API with production dependencies only, as the unprivileged node user', () => {
    const dockerfile = readFileSync(path.join(DOCKER_DIR, 'api.Dockerfile'), 'utf8');
    const runStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(dockerfile).toContain('pnpm --filter api run build');
    expect(dockerfile).toContain('pnpm --filter api deploy --legacy --prod /deploy');
    expect(runStage).not.toMatch(/^COPY (?!--from=build)/m);
    expect(runStage).toMatch(/^USER node$/m);
    expect(runStage).toMatch(/^CMD \["node", "api\/dist\/main\.js"\]$/m);
  });
});

describe('the nginx files pass nginx -t', () => {
  const tls = writeSelfSignedPair(path.join(workDir, 'tls'));

  it('the edge, with compose service names as loopback addresses and a certificate pair in place', () => {
    const edge = renderEdge(
      loopbackEdgeOptions(100, { remotesJson: path.join(workDir, 'remotes.json'), cacheDir: path.join(workDir, 'fragment-cache'), tls }),
    );
    expect(() => checkNginxConfig(path.join(workDir, 'edge'), edge)).not.toThrow();
    // And nginx -t does catch a mistake in it.
    expect(() =>
      checkNginxConfig(path.join(workDir, 'edge-broken'), edge.replace('ssl_protocols TLSv1.3;', 'ssl_protocols TLSv9;')),
    ).toThrow(/nginx refused/);
  });

  it('each static origin', () => {
    const origin = renderStaticOrigin({ port: 20183, root: workDir, remoteOrigins: ['https://catalog.static.example'] });
    expect(() => checkNginxConfig(path.join(workDir, 'static'), origin)).not.toThrow();
  });
});

describe('the edge (security review #4, #5, I5, I6)', () => {
  const edge = readFileSync(EDGE_CONFIG, 'utf8');
  const servers = edge.split(/^server \{$/m).slice(1);
  const tlsServers = servers.filter((server) => /listen 443 ssl http2/.test(server));

  it('hides its version in every server', () => {
    expect(servers).toHaveLength(4);
    for (const server of servers) expect(server).toContain('server_tokens off;');
  });

  it('serves browsers over TLS 1.3 and HTTP/2 with HSTS, and port 80 only redirects there', () => {
    expect(tlsServers).toHaveLength(2);
    for (const server of tlsServers) {
      expect(server).toMatch(/^ {2}ssl_protocols TLSv1\.3;$/m);
      expect(server).toContain('add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;');
    }
    // nginx drops the server's add_header in a location with its own: each such location repeats HSTS.
    for (const location of edge.split(/^ {2}location /m).filter((block) => block.includes('add_header'))) {
      expect(location).toContain('Strict-Transport-Security');
    }
    const plain = servers.find((server) => /listen 80 default_server;/.test(server))!;
    expect(plain.replace(/#.*$/gm, '').match(/^ {4}\S.*$/gm)).toEqual(['    return 301 https://$host$request_uri;']);
  });

  it("writes X-Forwarded-For and -Proto itself wherever it proxies for browsers, never appending to a client's", () => {
    expect(edge).not.toContain('$proxy_add_x_forwarded_for');
    const browserFacing = tlsServers.join('\n');
    const forwardingFor = browserFacing.match(/proxy_set_header X-Forwarded-For \$remote_addr;/g) ?? [];
    const forwardingProto = browserFacing.match(/proxy_set_header X-Forwarded-Proto \$scheme;/g) ?? [];
    const toApiOrPages = browserFacing.match(/proxy_pass http:\/\/(api_replicas\/[^;]*|shell-pages);/g) ?? [];
    // /api/ and /api-beta/, their live-channel streams, and the pages.
    expect(toApiOrPages).toHaveLength(5);
    expect(forwardingFor).toHaveLength(toApiOrPages.length);
    expect(forwardingProto).toHaveLength(toApiOrPages.length);
  });
});
