import { writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations } from '../src/db/migrate.js';
import { DiskFileStore } from '../src/files/store.js';
import { listenMetrics, listeningPort } from '../src/observability/metrics-server.js';
import { checkReadiness } from '../src/observability/readiness.js';
import { bearer, call } from './api-calls.js';
import { png } from './files-fixtures.js';
import { multipart } from './multipart-bodies.js';
import { DATABASE_KIND, injectJson } from './helpers.js';
import { officialBody } from './ticket-bodies.js';
import { createTicket, createTicketHarness, type TicketHarness } from './tickets-helpers.js';

/** The value of one series in Prometheus's text format, 0 when the series is not there yet. */
function sample(exposition: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of exposition.split('\n')) {
    const match = /^([a-z_:]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',').filter(Boolean);
    if (wanted.every((label) => present.includes(label)) && present.length === wanted.length) return Number(match[3]);
  }
  return 0;
}

describe('metrics', () => {
  let harness: TicketHarness;
  let server: Server;
  let metricsUrl: string;

  beforeAll(async () => {
    harness = await createTicketHarness();
    server = await listenMetrics(harness.app.metrics, { host: '127.0.0.1', port: 0 });
    metricsUrl = `http://127.0.0.1:${listeningPort(server)}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await harness.cleanup();
  });

  async function scrape(): Promise<string> {
    const response = await fetch(`${metricsUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  }

  it('counts requests by route pattern and status, never by the URL a client sent', async () => {
    const before = await scrape();
    await harness.app.inject('/games/simple?spec_lang=en');
    await harness.app.inject('/inquiries/detail?inquiryId=987654321');
    await harness.app.inject('/no/such/place/4242');
    const after = await scrape();
    const delta = (labels: Record<string, string>) =>
      sample(after, 'platform_http_requests_total', labels) - sample(before, 'platform_http_requests_total', labels);
    expect(delta({ route: '/games/simple', method: 'GET', status: '200' })).toBe(1);
    // No session: refused before the handler, still under its pattern.
    expect(delta({ route: '/inquiries/detail', method: 'GET', status: '401' })).toBe(1);
    expect(delta({ route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
    expect(after).not.toContain('987654321');
    expect(after).not.toContain('/no/such/place');
    expect(
      sample(after, 'platform_http_request_duration_seconds_count', { route: '/games/simple', method: 'GET', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(after).toContain('process_cpu_seconds_total');
  });

  it('counts tickets created (a retry is not a second one) and ended by player and agent', async () => {
    const before = await scrape();
    const body = officialBody();
    const first = await createTicket(harness, harness.player1, body);
    expect(await createTicket(harness, harness.player1, body)).toBe(first);
    const second = await createTicket(harness, harness.player1, officialBody());
    await call(harness, 'inquiryEnd', { token: harness.player1, body: { inquiryId: first } });
    // Already ended: nothing changes, nothing is counted.
    await call(harness, 'inquiryEnd', { token: harness.player1, body: { inquiryId: first } });
    await call(harness, 'agentInquiryEnd', { token: harness.agent, body: { inquiryId: second } });
    const after = await scrape();
    expect(sample(after, 'platform_tickets_created_total') - sample(before, 'platform_tickets_created_total')).toBe(2);
    expect(
      sample(after, 'platform_tickets_ended_total', { by: 'player' }) - sample(before, 'platform_tickets_ended_total', { by: 'player' }),
    ).toBe(1);
    expect(
      sample(after, 'platform_tickets_ended_total', { by: 'agent' }) - sample(before, 'platform_tickets_ended_total', { by: 'agent' }),
    ).toBe(1);
  });

  it('counts uploads stored with their bytes, and refused ones', async () => {
    const before = await scrape();
    const upload = (fileName: string, content: Buffer | string) => {
      const body = multipart([{ field: 'file', fileName, content }]);
      return injectJson(harness.app, {
        method: 'POST',
        url: '/files',
        headers: { ...bearer(harness.player1), 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    expect((await upload('screen.png', png())).status).toBe(200);
    expect((await upload('tool.exe', 'MZ not allowed')).status).toBe(400);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) => sample(after, name, labels) - sample(before, name, labels);
    expect(delta('platform_uploads_total', { outcome: 'stored' })).toBe(1);
    expect(delta('platform_uploads_total', { outcome: 'refused' })).toBe(1);
    expect(delta('platform_upload_bytes_total')).toBe(png().length);
  });

  it('counts mails sent, and those the transport refused', async () => {
    const before = await scrape();
    expect((await call(harness, 'forgotPassword', { body: { email: 'player1@demo.example' } })).status).toBe(200);
    await harness.app.background.idle();
    const refusing = harness.app.metrics.countMails({
      description: 'an SMTP server that refuses everything',
      send: async () => {
        throw new Error('550 refused');
      },
      close: async () => undefined,
    });
    await expect(refusing.send({ to: 'someone@example.com', subject: 'Code', text: '123456' })).rejects.toThrow('550 refused');
    const after = await scrape();
    const delta = (outcome: string) =>
      sample(after, 'platform_mails_total', { outcome }) - sample(before, 'platform_mails_total', { outcome });
    expect(delta('sent')).toBe(1);
    expect(delta('failed')).toBe(1);
  });

  it('reports the PostgreSQL pool where the driver keeps one (PGlite has none)', async () => {
    const exposition = await scrape();
    if (DATABASE_KIND === 'postgres') {
      // openTestDatabase's pool of 4: at least one connection is open, as the harness has queried.
      expect(sample(exposition, 'platform_db_pool_connections', { state: 'max' })).toBe(4);
      expect(
        sample(exposition, 'platform_db_pool_connections', { state: 'idle' }) +
          sample(exposition, 'platform_db_pool_connections', { state: 'busy' }),
      ).toBeGreaterThan(0);
      expect(exposition).toContain('platform_db_pool_waiting_requests 0');
    } else {
      expect(exposition).not.toContain('platform_db_pool_');
    }
  });

  it('keeps a gauge of live connections for the support stream', async () => {
    const gauge = async () => sample(await scrape(), 'platform_live_connections', { channel: 'support' });
    const closeFirst = harness.app.metrics.liveConnectionOpened('support');
    const closeSecond = harness.app.metrics.liveConnectionOpened('support');
    expect(await gauge()).toBe(2);
    closeFirst();
    closeFirst();
    expect(await gauge()).toBe(1);
    closeSecond();
    expect(await gauge()).toBe(0);
  });

  it('serves nothing but /metrics on its port, and no metrics on the API port', async () => {
    expect((await fetch(`${metricsUrl}/`)).status).toBe(404);
    expect((await fetch(`${metricsUrl}/metrics`, { method: 'POST' })).status).toBe(404);
    expect((await harness.app.inject('/metrics')).statusCode).toBe(404);
  });

  it('is ready with the database up to date and storage writable', async () => {
    const answer = await injectJson(harness.app, '/ready');
    expect(answer).toMatchObject({ status: 200, body: { status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } } });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('is not ready while a migration of a newer build is missing, or the storage cannot take files', async () => {
    const known = await loadMigrations();
    const newer = [...known, { version: 9999, name: 'from_a_newer_build', sql: 'SELECT 1', checksum: '' }];
    const store = new DiskFileStore(harness.filesDir);
    expect(await checkReadiness({ db: harness.db, store, migrations: newer }, harness.app.log)).toEqual({
      ready: false,
      checks: { database: 'ok', migrations: 'failed', storage: 'ok' },
    });
    // A file where the folder should be: nothing can be written under it.
    const notAFolder = path.join(harness.filesDir, 'not-a-folder');
    await writeFile(notAFolder, '');
    expect(await checkReadiness({ db: harness.db, store: new DiskFileStore(notAFolder), migrations: known }, harness.app.log)).toEqual({
      ready: false,
      checks: { database: 'ok', migrations: 'ok', storage: 'failed' },
    });
    // Liveness does not depend on them: a replica waiting for its migrations is not restarted.
    expect((await harness.app.inject('/health')).statusCode).toBe(200);
  });
});
