import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { migrate } from './db/migrate.js';
import { createFileStore } from './files/storage.js';
import { describeDatabase, openDatabase } from './db/open.js';
import { loggerOptions } from './http/logging.js';
import { DEFAULT_PASSWORD_HASHING, PasswordHasher } from './identity/passwords.js';
import { createMailer } from './mail/transport.js';
import { seedDemoAccounts } from './seed/demo-accounts.js';
import { TotpSecrets } from './identity/totp-secrets.js';
import { readCannedRepliesSeed, seedCannedReplies } from './canned-replies/seed.js';
import { readGamesSeed, seedGames } from './seed/games-seed.js';
import { readSupportSeed, seedSupport } from './seed/support-seed.js';
import { AutoEndJob } from './tickets/auto-end.js';
import { OffsetClock } from './tickets/test-clock.js';
import { listenMetrics } from './observability/metrics-server.js';

/** How long in-flight requests get to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const db = await openDatabase(config.database, (error) => process.stderr.write(`database connection error: ${error.message}\n`));
  const mailer = createMailer(config.mail);
  const fileStore = createFileStore(config.files);
  const testClock = config.testClock ? new OffsetClock() : undefined;
  const now = testClock?.now ?? (() => new Date());
  const app = await (async () => {
    try {
      const migrations = await migrate(db);
      // Secrets enrolled before they were sealed are sealed now (a migration has no key); every replica may do it.
      const totpSecrets = await new TotpSecrets(config.totpSecretKey).sealStored(db);
      const seeded = config.seedDemo
        ? {
            ...(await seedGames(db, await readGamesSeed())),
            accounts: await seedDemoAccounts(db, new PasswordHasher(DEFAULT_PASSWORD_HASHING)),
            // After the accounts: the demo characters belong to player1.
            support: await seedSupport(db, await readSupportSeed()),
            cannedReplies: await seedCannedReplies(db, await readCannedRepliesSeed()),
          }
        : null;
      const built = await buildApp({
        db,
        logger: loggerOptions(config.logLevel),
        trustProxy: config.trustProxy,
        mailer,
        oauthProviders: config.oauthProviders,
        oauth: config.oauth,
        fileStore,
        now,
        longQueueThreshold: config.longQueueThreshold,
        ticketLimits: config.ticketLimits,
        identityLimits: config.identityLimits,
        totpSecretKey: config.totpSecretKey,
        requireAgentTotp: config.requireAgentTotp,
        uploadQuotas: config.uploadQuotas,
        ...(testClock ? { testClock } : {}),
      });
      built.log.info({ database: describeDatabase(config.database), migrationsApplied: migrations.applied, seeded }, 'database ready');
      built.log.info(
        {
          mail: mailer.description,
          from: config.mail.from,
          socialLogins: config.oauthProviders,
          agentTotpRequired: config.requireAgentTotp,
        },
        'mail and logins',
      );
      if (totpSecrets.sealed > 0) built.log.info({ accounts: totpSecrets.sealed }, 'plain authenticator secrets sealed');
      if (totpSecrets.unreadable.length > 0) {
        built.log.error(
          { accountIds: totpSecrets.unreadable },
          'authenticator secrets that TOTP_SECRET_KEY does not open: these agents cannot log in until the key is put back or they are enrolled again (agent-totp)',
        );
      }
      built.log.info({ files: fileStore.description }, 'attachments storage');
      if (testClock) built.log.warn("API_TEST_CLOCK is on: POST /__test__/clock moves this server's clock");
      if (migrations.unknown.length > 0) {
        built.log.warn({ versions: migrations.unknown }, 'database has migrations this build does not know');
      }
      return built;
    } catch (error) {
      await mailer.close();
      await db.close();
      throw error;
    }
  })();

  // Every replica runs it; the job's lock and its single UPDATE make each chat end once (DESIGN §5).
  const autoEnd = new AutoEndJob({
    db,
    now,
    intervalMs: config.autoEndIntervalMs,
    onEnded: (ticketIds) => {
      app.metrics.ticketsEnded('auto', ticketIds.length);
      app.log.info({ ticketIds }, 'chats ended after 24 hours without a player reply');
    },
    onError: (error) => app.log.error({ err: error }, 'auto-end run failed; the next run tries again'),
  });

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long: exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Stop accepting and finish in-flight requests and the job's run first; only then is it safe to close the database.
    autoEnd
      .stop()
      .then(() => app.close())
      .then(() => mailer.close())
      .then(() => db.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  await app.listen({ port: config.port, host: config.host });
  if (config.metricsPort !== null) {
    const metricsServer = await listenMetrics(app.metrics, { host: config.host, port: config.metricsPort });
    // Scrapes are short: nothing to wait for at shutdown.
    metricsServer.unref();
    app.log.info({ port: config.metricsPort }, 'metrics served at /metrics');
  }
  autoEnd.start();
}

main().catch((error: unknown) => {
  process.stderr.write(`API failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
