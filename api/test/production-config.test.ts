import path from 'node:path';
import Fastify from 'fastify';
import { COMPOSE_CHECK_ENV, readCompose } from 'tooling/compose';
import { readYamlFile } from 'tooling/monitoring';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, loadConfig } from '../src/config.js';

/**
 * docker-compose.yml's API replicas read with the API's own configuration schema (loadConfig), the environment
 * the image adds (api.Dockerfile: NODE_ENV=production) included, and the trust setting given to Fastify as main.ts
 * does: `TRUST_PROXY: edge` once made every replica exit at start (security review #5).
 */
const compose = readCompose(COMPOSE_CHECK_ENV);
const apiServices = Object.entries(compose.services).filter(([, service]) => service.build?.dockerfile === 'tooling/docker/api.Dockerfile');
const IMAGE_ENV = { NODE_ENV: 'production', HOST: '0.0.0.0', PORT: '8090' };

describe('the compose API replicas', () => {
  it("are two, each with an environment the API accepts: PostgreSQL, the storage bucket, SMTP, no demo data, the agents' second factor", () => {
    expect(apiServices.map(([name]) => name)).toEqual(['api-1', 'api-2']);
    for (const [, service] of apiServices) {
      const config = loadConfig({ ...IMAGE_ENV, ...service.environment });
      expect(config).toMatchObject({
        port: 8090,
        host: '0.0.0.0',
        database: { kind: 'postgres', url: `postgres://platform:${COMPOSE_CHECK_ENV.POSTGRES_PASSWORD}@postgres:5432/platform` },
        seedDemo: false,
        testClock: false,
        requireAgentTotp: true,
        totpSecretKey: Buffer.from(COMPOSE_CHECK_ENV.TOTP_SECRET_KEY!, 'base64'),
        mail: { smtpUrl: 'smtp://mail:587' },
        files: {
          kind: 's3',
          s3: {
            endpoint: 'http://storage:3900',
            bucket: 'attachments',
            region: 'garage',
            accessKeyId: COMPOSE_CHECK_ENV.S3_ACCESS_KEY_ID,
            secretAccessKey: COMPOSE_CHECK_ENV.S3_SECRET_ACCESS_KEY,
          },
        },
      });
    }
  });

  it('take the client address and scheme from the edge alone, whatever a client writes', async () => {
    const subnet = compose.networks?.['edge-api']?.ipam?.config?.[0]?.subnet ?? '';
    const { trustProxy } = loadConfig({ ...IMAGE_ENV, ...apiServices[0]![1].environment });
    expect(trustProxy).toBe(subnet);
    const app = Fastify({ trustProxy });
    app.get('/whoami', (request) => ({ ip: request.ip, protocol: request.protocol }));
    const edge = subnet.replace(/0\/\d+$/, '7');
    try {
      // Through the edge, which writes the client's address and https itself.
      const proxied = await app.inject({
        url: '/whoami',
        remoteAddress: edge,
        headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' },
      });
      expect(proxied.json()).toEqual({ ip: '203.0.113.9', protocol: 'https' });
      // Anyone else (another container, a client reaching a replica some other way) is taken as it is.
      const direct = await app.inject({
        url: '/whoami',
        remoteAddress: '172.31.0.9',
        headers: { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https' },
      });
      expect(direct.json()).toEqual({ ip: '172.31.0.9', protocol: 'http' });
    } finally {
      await app.close();
    }
  });
});

describe('the Kubernetes API Deployment (deploy/k8s/base)', () => {
  it("has a ConfigMap the API accepts, with the Secrets it names: metrics on their own port, storage, SMTP, the agents' second factor", () => {
    const configMap = readYamlFile<{ data: Record<string, string> }>(path.join(REPO_ROOT, 'deploy', 'k8s', 'base', 'config.yaml'));
    // A secret, never in the ConfigMap: the Deployment reads it from the platform-totp Secret (tooling's manifests test).
    expect(configMap.data).not.toHaveProperty('TOTP_SECRET_KEY');
    const secrets = {
      TOTP_SECRET_KEY: COMPOSE_CHECK_ENV.TOTP_SECRET_KEY,
      DATABASE_URL: 'postgresql://platform:secret@platform-db-rw.platform:5432/platform',
      S3_ACCESS_KEY_ID: COMPOSE_CHECK_ENV.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: COMPOSE_CHECK_ENV.S3_SECRET_ACCESS_KEY,
    };
    const config = loadConfig({ ...configMap.data, ...secrets });
    expect(config).toMatchObject({
      port: 8090,
      metricsPort: 9464,
      seedDemo: false,
      testClock: false,
      database: { kind: 'postgres' },
      files: { kind: 's3' },
      requireAgentTotp: true,
    });
    // Without its Secret the API does not start.
    expect(() => loadConfig({ ...configMap.data, ...secrets, TOTP_SECRET_KEY: undefined })).toThrow(/TOTP_SECRET_KEY: must be set/);
    expect(config.mail.smtpUrl).toMatch(/^smtp:\/\//);
  });
});
