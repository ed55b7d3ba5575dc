import path from 'node:path';
import { fileURLToPath } from 'node:url';
import proxyAddr from '@fastify/proxy-addr';
import { LIMITS, SOCIAL_PROVIDERS, type SocialProvider } from 'shared-contracts';
import { z } from 'zod';
import { isMemoryDataDir } from './db/pglite.js';
import type { MailConfig } from './mail/transport.js';
import { readOAuthSettings, type OAuthSettings } from './oauth/config.js';
import { readFileStorage, type FileStorageConfig } from './files/storage.js';
import { DEFAULT_UPLOAD_QUOTAS, type UploadQuotas } from './files/upload-quota.js';
import { DEFAULT_IDENTITY_LIMITS, type IdentityLimits } from './identity/limits.js';
import { DEVELOPMENT_ONLY_TOTP_SECRET_KEY, parseTotpSecretKey } from './identity/totp-secrets.js';
import { DEFAULT_AUTO_END_INTERVAL_MS } from './tickets/auto-end.js';
import { DEFAULT_LONG_QUEUE_THRESHOLD, DEFAULT_TICKET_LIMITS, type TicketLimits } from './tickets/ticket-options.js';

/** The monorepo root (`api/src/` is two levels below it). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const API_ROOT = path.join(REPO_ROOT, 'api');
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.data', 'pglite');
export const DEFAULT_OUTBOX_DIR = path.join(REPO_ROOT, '.data', 'outbox');
/** Attachments when FILES_DIR is unset and no S3 bucket is configured; outside any folder a web server serves. */
export const DEFAULT_FILES_DIR = path.join(REPO_ROOT, '.data', 'files');
export const DEFAULT_MAIL_FROM = 'Player Support <no-reply@publisher.example>';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const flag = z.enum(['1', '0', 'true', 'false', 'yes', 'no']).transform((value) => value === '1' || value === 'true' || value === 'yes');

/** Whether Fastify's `trustProxy` takes the value: it splits a string at commas and compiles it with proxy-addr. */
function compilesAsProxyAddresses(value: string): boolean {
  try {
    proxyAddr.compile(value.split(',').map((address) => address.trim()));
    return true;
  } catch {
    return false;
  }
}

/** Empty variables count as unset, as shells and compose files often export `VAR=`. */
const optional = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const MIB = 1024 * 1024;
/** A quota's mebibytes: at least one file at the attachment limit fits in it. */
const megabytesPerHour = optional(
  z.coerce
    .number()
    .int()
    .min(LIMITS.attachmentBytesMax / MIB)
    .max(1_000_000),
);

const envSchema = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65_535)).default(8090),
  HOST: optional(z.string().min(1)).default('127.0.0.1'),
  METRICS_PORT: optional(z.coerce.number().int().min(0).max(65_535)),
  DATABASE_URL: optional(
    z.string().refine((value) => /^postgres(ql)?:\/\/.+/.test(value), {
      message: 'must be a postgres:// or postgresql:// URL',
    }),
  ),
  DATA_DIR: optional(z.string().min(1)),
  SEED_DEMO: optional(flag),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS)).default('info'),
  /**
   * Which proxies may set X-Forwarded-For and -Proto (client address for rate limits and logs, scheme for social
   * login): `false`, or addresses and subnets as Fastify's `trustProxy` reads them. Default `loopback`: the site's
   * own server forwards `/api/` from this machine. Compose names the edge's network (docker-compose.yml).
   */
  TRUST_PROXY: optional(
    z
      .string()
      .refine((value) => value !== 'true', {
        message:
          "true would take any client's X-Forwarded-For as its address (and dodge every per-address limit): name the proxies' addresses or subnet",
      })
      .refine((value) => value === 'false' || compilesAsProxyAddresses(value), {
        message:
          'must be false or comma-separated addresses or subnets (10.0.0.0/8, loopback, linklocal, uniquelocal); host names are not resolved',
      }),
  ).default('loopback'),
  /** Folder that receives each message as an `.eml` file when SMTP_URL is unset. */
  OUTBOX_DIR: optional(z.string().min(1)),
  SMTP_URL: optional(z.string().refine((value) => /^smtps?:\/\/[^/]+/.test(value), { message: 'must be an smtp:// or smtps:// URL' })),
  MAIL_FROM: optional(
    z
      .string()
      .max(320)
      .refine((value) => /^[^\r\n<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/.test(value), {
        message: 'must be an address, optionally with a name: "Support <no-reply@example.com>"',
      }),
  ).default(DEFAULT_MAIL_FROM),
  /** Tickets waiting for an agent from which the inquiry form shows the long-queue notice (SPEC §4). */
  SUPPORT_LONG_QUEUE: optional(z.coerce.number().int().min(1).max(1_000_000)).default(DEFAULT_LONG_QUEUE_THRESHOLD),
  /** Abuse limits on tickets (DEFAULT_TICKET_LIMITS): open tickets per player and new tickets per player per hour. */
  TICKET_OPEN_MAX: optional(z.coerce.number().int().min(1).max(1_000_000)).default(DEFAULT_TICKET_LIMITS.openTicketsMax),
  TICKET_CREATES_PER_HOUR: optional(z.coerce.number().int().min(1).max(1_000_000)).default(DEFAULT_TICKET_LIMITS.createsPerAccount.max),
  /**
   * Upload quotas per account (DEFAULT_UPLOAD_QUOTAS, counted in the database so every replica shares them): uploads
   * and mebibytes per hour, discarded and expired ones included; players' and agents'.
   */
  UPLOADS_PER_HOUR: optional(z.coerce.number().int().min(1).max(1_000_000)).default(DEFAULT_UPLOAD_QUOTAS.player.uploads),
  UPLOAD_MB_PER_HOUR: megabytesPerHour.default(DEFAULT_UPLOAD_QUOTAS.player.bytes / MIB),
  AGENT_UPLOADS_PER_HOUR: optional(z.coerce.number().int().min(1).max(1_000_000)).default(DEFAULT_UPLOAD_QUOTAS.agent.uploads),
  AGENT_UPLOAD_MB_PER_HOUR: megabytesPerHour.default(DEFAULT_UPLOAD_QUOTAS.agent.bytes / MIB),
  /**
   * Brute-force limits (DEFAULT_IDENTITY_LIMITS, counted in the database so every replica shares them): failed
   * password checks per account and per client address, and wrong e-mailed codes per client address, per window.
   * The per-account one refuses nobody: past it each address gets one try at the account (AttemptLimits.passwordCheck).
   */
  LOGIN_FAILURES_PER_ACCOUNT: optional(z.coerce.number().int().min(1).max(1_000_000)).default(DEFAULT_IDENTITY_LIMITS.loginPerAccount.max),
  LOGIN_FAILURES_PER_IP: optional(z.coerce.number().int().min(1).max(1_000_000)).default(DEFAULT_IDENTITY_LIMITS.loginPerIp.max),
  CODE_FAILURES_PER_IP: optional(z.coerce.number().int().min(1).max(1_000_000)).default(DEFAULT_IDENTITY_LIMITS.codeChecksPerIp.max),
  /** How often each replica looks for chats to end after 24 hours without a player reply. */
  AUTO_END_INTERVAL_SECONDS: optional(z.coerce.number().int().min(1).max(3_600)).default(DEFAULT_AUTO_END_INTERVAL_MS / 1000),
  /**
   * The key that seals agents' authenticator secrets in the database (identity/totp-secrets.ts): 32 bytes in base64.
   * Required with NODE_ENV=production; elsewhere the development key in the source stands in.
   */
  TOTP_SECRET_KEY: optional(
    z.string().refine((value) => parseTotpSecretKey(value) !== null, { message: 'must be 32 bytes in base64 (openssl rand -base64 32)' }),
  ),
  /** Refuse the login of an agent (a lead too) with no authenticator enrolled. Default: on with NODE_ENV=production. */
  REQUIRE_AGENT_TOTP: optional(flag),
  /** Browser tests only: a clock POST /__test__/clock moves forward. Refused when NODE_ENV is production. */
  API_TEST_CLOCK: optional(flag),
  NODE_ENV: optional(z.string()),
});

export type DatabaseConfig = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

export interface Config {
  port: number;
  host: string;
  /** METRICS_PORT: where GET /metrics is served (on `host`), apart from the API's port; null serves none. */
  metricsPort: number | null;
  database: DatabaseConfig;
  /** Load `api/seed/games.json` at start. */
  seedDemo: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  trustProxy: false | string;
  mail: MailConfig;
  /** Social logins offered (OAUTH_<PROVIDER>_CLIENT_ID set), in the order of SOCIAL_PROVIDERS. */
  oauthProviders: SocialProvider[];
  /** Each configured provider's client and endpoints, and the site origins a login may return to. */
  oauth: OAuthSettings;
  /** Where attachments are kept: FILES_DIR on disk, or the S3_* bucket. */
  files: FileStorageConfig;
  longQueueThreshold: number;
  ticketLimits: TicketLimits;
  identityLimits: IdentityLimits;
  uploadQuotas: UploadQuotas;
  autoEndIntervalMs: number;
  /** TOTP_SECRET_KEY: seals the agents' authenticator secrets (DEVELOPMENT_ONLY_TOTP_SECRET_KEY outside production). */
  totpSecretKey: Buffer;
  /** REQUIRE_AGENT_TOTP: an agent without an enrolled authenticator cannot log in (4011 `totpNotEnrolled`). */
  requireAgentTotp: boolean;
  /** Serve POST /__test__/clock (API_TEST_CLOCK=1). */
  testClock: boolean;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the environment once at start. Demo data is loaded by default only into the embedded database: a
 * DATABASE_URL database is someone's real data and gets it only when SEED_DEMO=1 says so. With
 * NODE_ENV=production never: not by default, and SEED_DEMO=1 stops the start.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const oauth = readOAuthSettings(env);
  const files = readFileStorage(env, DEFAULT_FILES_DIR);
  // A clock anyone can move would let any caller end every chat, and the demo accounts' passwords (an agent's
  // among them, who reads every ticket) are published: neither ever on a production server.
  const production = parsed.success && parsed.data.NODE_ENV === 'production';
  const refusedInProduction = [
    ...(production && parsed.data?.API_TEST_CLOCK === true ? ['API_TEST_CLOCK: must not be on when NODE_ENV is production'] : []),
    ...(production && parsed.data?.SEED_DEMO === true
      ? ['SEED_DEMO: must not be on when NODE_ENV is production (the demo accounts have published passwords)']
      : []),
    // Without it the agents' authenticator secrets would be sealed with a key published in the source.
    ...(production && parsed.data?.TOTP_SECRET_KEY === undefined
      ? ["TOTP_SECRET_KEY: must be set when NODE_ENV is production (openssl rand -base64 32): it seals the agents' authenticator secrets"]
      : []),
    ...(production &&
    parsed.data?.TOTP_SECRET_KEY &&
    parseTotpSecretKey(parsed.data.TOTP_SECRET_KEY)?.equals(DEVELOPMENT_ONLY_TOTP_SECRET_KEY)
      ? ['TOTP_SECRET_KEY: must not be the development key (published in the source) when NODE_ENV is production']
      : []),
  ];
  if (!parsed.success || oauth.problems.length > 0 || files.problems.length > 0 || refusedInProduction.length > 0) {
    const problems = [
      ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
      ...oauth.problems,
      ...files.problems,
      ...refusedInProduction,
    ].map((problem) => `  ${problem}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const values = parsed.data;
  const database: DatabaseConfig = values.DATABASE_URL
    ? { kind: 'postgres', url: values.DATABASE_URL }
    : {
        kind: 'pglite',
        dataDir: values.DATA_DIR ? (isMemoryDataDir(values.DATA_DIR) ? values.DATA_DIR : path.resolve(values.DATA_DIR)) : DEFAULT_DATA_DIR,
      };
  const trustProxy = values.TRUST_PROXY === 'false' ? false : values.TRUST_PROXY;
  return {
    port: values.PORT,
    host: values.HOST,
    metricsPort: values.METRICS_PORT ?? null,
    database,
    seedDemo: values.SEED_DEMO ?? (database.kind === 'pglite' && values.NODE_ENV !== 'production'),
    logLevel: values.LOG_LEVEL,
    trustProxy,
    mail: {
      outboxDir: values.OUTBOX_DIR ? path.resolve(values.OUTBOX_DIR) : DEFAULT_OUTBOX_DIR,
      smtpUrl: values.SMTP_URL ?? null,
      from: values.MAIL_FROM,
    },
    oauthProviders: configuredProviders(env),
    oauth: oauth.settings,
    files: files.config,
    longQueueThreshold: values.SUPPORT_LONG_QUEUE,
    ticketLimits: {
      ...DEFAULT_TICKET_LIMITS,
      openTicketsMax: values.TICKET_OPEN_MAX,
      createsPerAccount: { ...DEFAULT_TICKET_LIMITS.createsPerAccount, max: values.TICKET_CREATES_PER_HOUR },
    },
    identityLimits: {
      ...DEFAULT_IDENTITY_LIMITS,
      loginPerAccount: { ...DEFAULT_IDENTITY_LIMITS.loginPerAccount, max: values.LOGIN_FAILURES_PER_ACCOUNT },
      loginPerIp: { ...DEFAULT_IDENTITY_LIMITS.loginPerIp, max: values.LOGIN_FAILURES_PER_IP },
      codeChecksPerIp: { ...DEFAULT_IDENTITY_LIMITS.codeChecksPerIp, max: values.CODE_FAILURES_PER_IP },
    },
    uploadQuotas: {
      player: { ...DEFAULT_UPLOAD_QUOTAS.player, uploads: values.UPLOADS_PER_HOUR, bytes: values.UPLOAD_MB_PER_HOUR * MIB },
      agent: { ...DEFAULT_UPLOAD_QUOTAS.agent, uploads: values.AGENT_UPLOADS_PER_HOUR, bytes: values.AGENT_UPLOAD_MB_PER_HOUR * MIB },
    },
    autoEndIntervalMs: values.AUTO_END_INTERVAL_SECONDS * 1000,
    totpSecretKey: (values.TOTP_SECRET_KEY ? parseTotpSecretKey(values.TOTP_SECRET_KEY) : null) ?? DEVELOPMENT_ONLY_TOTP_SECRET_KEY,
    requireAgentTotp: values.REQUIRE_AGENT_TOTP ?? values.NODE_ENV === 'production',
    testClock: values.API_TEST_CLOCK ?? false,
  };
}

/**
 * The social logins this deployment offers: those whose OAUTH_<PROVIDER>_CLIENT_ID is set (the social-login
 * flows read the rest of each provider's settings themselves).
 */
export function configuredProviders(env: NodeJS.ProcessEnv): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((provider) => (env[`OAUTH_${provider.toUpperCase()}_CLIENT_ID`] ?? '').trim() !== '');
}
