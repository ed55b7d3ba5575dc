import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/database.js';
import { ApiFailure } from '../http/api-failure.js';
import type { EndpointHandler } from '../http/endpoint-routes.js';
import type { Mailer } from '../mail/transport.js';

/**
 * What operators watch (README "Operating the platform"): one registry per API instance, read by Prometheus from
 * the metrics port (METRICS_PORT, never the public one; see `metrics-server.ts`). Every name starts with
 * `platform_`, except the Node.js process figures prom-client collects under their usual names.
 *
 * Labels hold only bounded sets: the route pattern (`/inquiries/detail`, never the URL a client sent, which could
 * carry any id or garbage), the method, the status code, and fixed words.
 */
/** A counter of `registry`, split by the bounded `labelNames` it is given, if any. */
function counter<Label extends string = never>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly Label[] = [],
): Counter<Label> {
  return new Counter({ name, help, labelNames, registers: [registry] });
}

export class ApiMetrics {
  readonly registry = new Registry();

  readonly #httpRequests = counter(
    this.registry,
    'platform_http_requests_total',
    'HTTP requests answered, by route pattern, method and status code',
    ['route', 'method', 'status'],
  );

  readonly #httpDuration = new Histogram({
    name: 'platform_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by route pattern, method and status code',
    labelNames: ['route', 'method', 'status'] as const,
    // From a cached games list (about a millisecond) to an upload of 20 MB or a slow SMTP server.
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly #ticketsCreated = counter(
    this.registry,
    'platform_tickets_created_total',
    'Support tickets opened (a retried request that found its earlier ticket is not counted again)',
  );

  readonly #ticketsEnded = counter(
    this.registry,
    'platform_tickets_ended_total',
    'Support chats ended, by who ended them: player, agent, or auto (24 hours without a player reply)',
    ['by'],
  );

  readonly #mails = counter(
    this.registry,
    'platform_mails_total',
    'Mails handed to the transport (SMTP or the outbox folder), by outcome: sent or failed',
    ['outcome'],
  );

  readonly #uploads = counter(
    this.registry,
    'platform_uploads_total',
    'Attachment uploads, by outcome: stored, refused (type, size, limits) or failed (storage, database)',
    ['outcome'],
  );

  readonly #uploadBytes = counter(this.registry, 'platform_upload_bytes_total', 'Bytes of stored attachment uploads');

  readonly #loginRefusals = counter(
    this.registry,
    'platform_login_limit_refusals_total',
    'Password, code and code-mail attempts refused by the brute-force limits, by bucket: login_account_ip, login_ip, code_check_ip, code_send_email, code_send_account, code_send_ip',
    ['bucket'],
  );

  readonly #loginCeilings = counter(
    this.registry,
    'platform_login_ceiling_passed_total',
    'Accounts whose failed logins from every address passed the per-account ceiling (LOGIN_FAILURES_PER_ACCOUNT in 15 minutes), by standing: player, agent, lead, or unknown (no such account)',
    ['standing'],
  );

  readonly #liveConnections = new Gauge({
    name: 'platform_live_connections',
    help: 'Open long-lived connections (server-sent event streams), by channel',
    labelNames: ['channel'] as const,
    registers: [this.registry],
  });

  /** `db`: the API's database; its pool's figures are read at each scrape where it has a pool. */
  constructor(db: Pick<Database, 'poolStats'>) {
    collectDefaultMetrics({ register: this.registry });
    // At zero from the start: an alert's increase() sees no rise in a series that is born at 1.
    for (const standing of ['player', 'agent', 'lead', 'unknown']) this.#loginCeilings.inc({ standing }, 0);
    const pool = db.poolStats;
    if (!pool) return;
    // Read at each scrape. PGlite has no pool: these series only exist on PostgreSQL (DATABASE_URL).
    new Gauge({
      name: 'platform_db_pool_connections',
      help: 'Connections of the PostgreSQL pool, by state: idle, busy, or max (the pool size)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const stats = pool();
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'busy' }, stats.total - stats.idle);
        this.set({ state: 'max' }, stats.max);
      },
    });
    new Gauge({
      name: 'platform_db_pool_waiting_requests',
      help: 'Queries waiting for a free connection of the PostgreSQL pool',
      registers: [this.registry],
      collect() {
        this.set(pool().waiting);
      },
    });
  }

  /** One answered request; `route` is the pattern Fastify matched, or null when no route matched. */
  observeRequest(route: string | null, method: string, status: number, seconds: number): void {
    const labels = { route: route ?? 'unmatched', method, status: String(status) };
    this.#httpRequests.inc(labels);
    this.#httpDuration.observe(labels, seconds);
  }

  ticketCreated(): void {
    this.#ticketsCreated.inc();
  }

  ticketsEnded(by: 'player' | 'agent' | 'auto', count = 1): void {
    this.#ticketsEnded.inc({ by }, count);
  }

  /** An identity attempt refused by `bucket` (a fixed name of `AttemptLimits`). */
  loginLimitRefused(bucket: string): void {
    this.#loginRefusals.inc({ bucket });
  }

  /** An account's failed logins passed its ceiling; `standing`: player, agent, lead or unknown. */
  loginCeilingPassed(standing: string): void {
    this.#loginCeilings.inc({ standing });
  }

  /**
   * For the live support channel (server-sent events): call when a stream opens, and call the function it returns
   * when that stream closes, however it closes (calling it again does nothing). `channel` is a fixed word such as
   * 'support', never an id.
   */
  liveConnectionOpened(channel: string): () => void {
    this.#liveConnections.inc({ channel });
    let open = true;
    return () => {
      if (!open) return;
      open = false;
      this.#liveConnections.dec({ channel });
    };
  }

  /** The same mailer, with each send counted as sent or failed. */
  countMails(mailer: Mailer): Mailer {
    const mails = this.#mails;
    return {
      description: mailer.description,
      async send(message) {
        try {
          await mailer.send(message);
        } catch (error) {
          mails.inc({ outcome: 'failed' });
          throw error;
        }
        mails.inc({ outcome: 'sent' });
      },
      close: () => mailer.close(),
    };
  }

  /** The same upload handler, with each upload counted as stored, refused or failed, and the stored bytes. */
  countUploads(handler: EndpointHandler<'uploadFile'>): EndpointHandler<'uploadFile'> {
    return async (context) => {
      try {
        const attachment = await handler(context);
        this.#uploads.inc({ outcome: 'stored' });
        if ('size' in attachment) this.#uploadBytes.inc(attachment.size);
        return attachment;
      } catch (error) {
        this.#uploads.inc({ outcome: error instanceof ApiFailure ? 'refused' : 'failed' });
        throw error;
      }
    };
  }

  /** The exposition text Prometheus scrapes. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
