import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_IDENTITY_LIMITS } from '../src/identity/service.js';
import { DEFAULT_TICKET_LIMITS } from '../src/tickets/ticket-options.js';
import { DEFAULT_UPLOAD_QUOTAS } from '../src/files/upload-quota.js';
import { DEVELOPMENT_ONLY_TOTP_SECRET_KEY } from '../src/identity/totp-secrets.js';
import {
  ConfigError,
  DEFAULT_DATA_DIR,
  DEFAULT_FILES_DIR,
  DEFAULT_MAIL_FROM,
  DEFAULT_OUTBOX_DIR,
  REPO_ROOT,
  loadConfig,
} from '../src/config.js';

/** A key as `openssl rand -base64 32` prints one. */
const KEY = Buffer.alloc(32, 7).toString('base64');
/** The least a production start needs. */
const PRODUCTION = { NODE_ENV: 'production', TOTP_SECRET_KEY: KEY };

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    expect(loadConfig({})).toEqual({
      port: 8090,
      host: '127.0.0.1',
      metricsPort: null,
      database: { kind: 'pglite', dataDir: DEFAULT_DATA_DIR },
      seedDemo: true,
      logLevel: 'info',
      trustProxy: 'loopback',
      mail: { outboxDir: DEFAULT_OUTBOX_DIR, smtpUrl: null, from: DEFAULT_MAIL_FROM },
      oauthProviders: [],
      oauth: { providers: {}, redirectOrigins: [] },
      files: { kind: 'disk', dir: DEFAULT_FILES_DIR },
      longQueueThreshold: 20,
      ticketLimits: DEFAULT_TICKET_LIMITS,
      identityLimits: DEFAULT_IDENTITY_LIMITS,
      uploadQuotas: DEFAULT_UPLOAD_QUOTAS,
      autoEndIntervalMs: 60_000,
      totpSecretKey: DEVELOPMENT_ONLY_TOTP_SECRET_KEY,
      requireAgentTotp: false,
      testClock: false,
    });
    expect(DEFAULT_DATA_DIR).toBe(path.join(REPO_ROOT, '.data', 'pglite'));
    expect(DEFAULT_OUTBOX_DIR).toBe(path.join(REPO_ROOT, '.data', 'outbox'));
    expect(DEFAULT_FILES_DIR).toBe(path.join(REPO_ROOT, '.data', 'files'));
  });

  it('reads the mail settings', () => {
    expect(
      loadConfig({ OUTBOX_DIR: 'mail/out', SMTP_URL: 'smtp://user:secret@127.0.0.1:2525', MAIL_FROM: 'Support <help@brand.example>' }).mail,
    ).toEqual({ outboxDir: path.resolve('mail/out'), smtpUrl: 'smtp://user:secret@127.0.0.1:2525', from: 'Support <help@brand.example>' });
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example:465', MAIL_FROM: 'no-reply@brand.example' }).mail).toMatchObject({
      smtpUrl: 'smtps://mail.example:465',
      from: 'no-reply@brand.example',
    });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => loadConfig({ MAIL_FROM: 'Support' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ MAIL_FROM: 'Support <a@b.example>\r\nBcc: x@y.example' })).toThrow(/MAIL_FROM/);
  });

  it('serves metrics on METRICS_PORT only when it is set', () => {
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(loadConfig({ METRICS_PORT: '' }).metricsPort).toBeNull();
    expect(() => loadConfig({ METRICS_PORT: 'metrics' })).toThrow(/METRICS_PORT/);
  });

  it('offers the social logins whose client id is set, in a fixed order', () => {
    expect(
      loadConfig({ OAUTH_VK_CLIENT_ID: 'vk-app', OAUTH_GOOGLE_CLIENT_ID: 'g.apps', OAUTH_APPLE_CLIENT_ID: ' ' }).oauthProviders,
    ).toEqual(['google', 'vk']);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: 'relative/dir',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '172.30.0.0/24',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      database: { kind: 'pglite', dataDir: path.resolve('relative/dir') },
      seedDemo: false,
      logLevel: 'warn',
      trustProxy: '172.30.0.0/24',
    });
    expect(loadConfig({ DATA_DIR: ':memory:' }).database).toEqual({ kind: 'pglite', dataDir: ':memory:' });
  });

  it('trusts X-Forwarded-* only from proxies named by address or subnet, as Fastify compiles them', () => {
    expect(loadConfig({ TRUST_PROXY: '172.30.0.0/24, loopback' }).trustProxy).toBe('172.30.0.0/24, loopback');
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    // A compose service name: Fastify throws "invalid IP address: edge" at start, so every replica would crash-loop.
    expect(() => loadConfig({ TRUST_PROXY: 'edge' })).toThrow(/TRUST_PROXY: must be false or comma-separated addresses or subnets/);
    expect(() => loadConfig({ TRUST_PROXY: '172.30.0.0/33' })).toThrow(/TRUST_PROXY/);
    // Every client could write its own address into X-Forwarded-For.
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would take any client's X-Forwarded-For/);
  });

  it('reads the ticket limits (a benchmark raises them to measure throughput, not refusals)', () => {
    const { ticketLimits } = loadConfig({ TICKET_OPEN_MAX: '1000', TICKET_CREATES_PER_HOUR: '50000' });
    expect(ticketLimits).toEqual({
      ...DEFAULT_TICKET_LIMITS,
      openTicketsMax: 1000,
      createsPerAccount: { ...DEFAULT_TICKET_LIMITS.createsPerAccount, max: 50_000 },
    });
    expect(() => loadConfig({ TICKET_OPEN_MAX: '0' })).toThrow(/TICKET_OPEN_MAX/);
  });

  it('reads the upload quotas of players and agents in uploads and mebibytes per hour, keeping their windows', () => {
    const { uploadQuotas } = loadConfig({
      UPLOADS_PER_HOUR: '12',
      UPLOAD_MB_PER_HOUR: '64',
      AGENT_UPLOADS_PER_HOUR: '500',
      AGENT_UPLOAD_MB_PER_HOUR: '4000',
    });
    expect(uploadQuotas).toEqual({
      player: { uploads: 12, bytes: 64 * 1024 * 1024, windowSeconds: 3600 },
      agent: { uploads: 500, bytes: 4000 * 1024 * 1024, windowSeconds: 3600 },
    });
    expect(DEFAULT_UPLOAD_QUOTAS.player).toEqual({ uploads: 30, bytes: 200 * 1024 * 1024, windowSeconds: 3600 });
    expect(() => loadConfig({ UPLOADS_PER_HOUR: '0' })).toThrow(/UPLOADS_PER_HOUR/);
    // Less than one file at the size limit would refuse such a file for ever.
    expect(() => loadConfig({ UPLOAD_MB_PER_HOUR: '19' })).toThrow(/UPLOAD_MB_PER_HOUR/);
    expect(() => loadConfig({ AGENT_UPLOAD_MB_PER_HOUR: 'lots' })).toThrow(/AGENT_UPLOAD_MB_PER_HOUR/);
  });

  it('reads the brute-force limits, keeping their windows', () => {
    const { identityLimits } = loadConfig({ LOGIN_FAILURES_PER_ACCOUNT: '3', LOGIN_FAILURES_PER_IP: '40', CODE_FAILURES_PER_IP: '7' });
    expect(identityLimits).toEqual({
      ...DEFAULT_IDENTITY_LIMITS,
      loginPerAccount: { ...DEFAULT_IDENTITY_LIMITS.loginPerAccount, max: 3 },
      loginPerIp: { ...DEFAULT_IDENTITY_LIMITS.loginPerIp, max: 40 },
      codeChecksPerIp: { ...DEFAULT_IDENTITY_LIMITS.codeChecksPerIp, max: 7 },
    });
    expect(loadConfig({}).identityLimits).toEqual(DEFAULT_IDENTITY_LIMITS);
    expect(() => loadConfig({ LOGIN_FAILURES_PER_ACCOUNT: '0' })).toThrow(/LOGIN_FAILURES_PER_ACCOUNT/);
  });

  it('never seeds demo accounts with NODE_ENV=production: not by default on the embedded database, and SEED_DEMO=1 stops the start', () => {
    expect(loadConfig({ ...PRODUCTION }).seedDemo).toBe(false);
    expect(() => loadConfig({ ...PRODUCTION, SEED_DEMO: '1' })).toThrow(/SEED_DEMO: must not be on when NODE_ENV is production/);
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it("reads the key of the agents' authenticator secrets: 32 bytes in base64, required in production and never the development one", () => {
    expect(loadConfig({ TOTP_SECRET_KEY: KEY }).totpSecretKey).toEqual(Buffer.from(KEY, 'base64'));
    expect(loadConfig({ ...PRODUCTION }).totpSecretKey).toEqual(Buffer.from(KEY, 'base64'));
    for (const value of [
      Buffer.alloc(16, 1).toString('base64'),
      Buffer.alloc(33, 1).toString('base64'),
      'not base64 at all, but long enough to be!!',
    ]) {
      expect(() => loadConfig({ TOTP_SECRET_KEY: value }), value).toThrow(/TOTP_SECRET_KEY: must be 32 bytes in base64/);
    }
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/TOTP_SECRET_KEY: must be set when NODE_ENV is production/);
    expect(() => loadConfig({ NODE_ENV: 'production', TOTP_SECRET_KEY: '' })).toThrow(/TOTP_SECRET_KEY: must be set/);
    const development = DEVELOPMENT_ONLY_TOTP_SECRET_KEY.toString('base64');
    expect(loadConfig({ TOTP_SECRET_KEY: development }).totpSecretKey).toEqual(DEVELOPMENT_ONLY_TOTP_SECRET_KEY);
    expect(() => loadConfig({ NODE_ENV: 'production', TOTP_SECRET_KEY: development })).toThrow(
      /TOTP_SECRET_KEY: must not be the development key/,
    );
  });

  it("requires agents' second factor by default in production only, and reads REQUIRE_AGENT_TOTP either way", () => {
    expect(loadConfig({ ...PRODUCTION }).requireAgentTotp).toBe(true);
    expect(loadConfig({ ...PRODUCTION, REQUIRE_AGENT_TOTP: '0' }).requireAgentTotp).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).requireAgentTotp).toBe(false);
    expect(loadConfig({ REQUIRE_AGENT_TOTP: '1' }).requireAgentTotp).toBe(true);
    expect(() => loadConfig({ REQUIRE_AGENT_TOTP: 'sometimes' })).toThrow(/REQUIRE_AGENT_TOTP/);
  });

  it('never seeds a DATABASE_URL database unless SEED_DEMO=1', () => {
    const url = 'postgres://user:secret@db.example:5432/publisher';
    expect(loadConfig({ DATABASE_URL: url })).toMatchObject({ database: { kind: 'postgres', url }, seedDemo: false });
    expect(loadConfig({ DATABASE_URL: url, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', SEED_DEMO: '' })).toMatchObject({ port: 8090, seedDemo: true });
  });

  it('fails with a message naming each bad variable', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SEED_DEMO', 'LOG_LEVEL']) expect(message).toContain(name);
      expect(message).toContain('postgres://');
    }
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });
});
