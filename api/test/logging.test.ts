import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loggerOptions, redactUrl } from '../src/http/logging.js';
import { openTestDatabase, type TestDatabase } from './helpers.js';
import { migrate } from '../src/db/migrate.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
  await migrate(database.db);
});

afterAll(async () => {
  await database?.cleanup();
});

describe('logs', () => {
  it('redact oauth_token values in URLs', () => {
    expect(redactUrl('/website/login/auth?oauth_token=abc123&spec_lang=en')).toBe(
      '/website/login/auth?oauth_token=[REDACTED]&spec_lang=en',
    );
    expect(redactUrl('/x?spec_lang=en&OAUTH_TOKEN=abc')).toBe('/x?spec_lang=en&OAUTH_TOKEN=[REDACTED]');
    expect(redactUrl('/games/all?spec_lang=en')).toBe('/games/all?spec_lang=en');
  });

  it('never contain the Authorization header or the oauth_token of a request', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = await buildApp({ db: database.db, logger: loggerOptions('trace', stream) });
    try {
      await app.inject({
        url: '/games/precheck?oauth_token=very-secret-token&domain_area=kr',
        headers: { authorization: 'Bearer bearer-secret-value', cookie: 'session=cookie-secret' },
      });
      await app.inject({
        url: '/health?oauth_token=very-secret-token',
        headers: { authorization: 'Bearer bearer-secret-value' },
      });
    } finally {
      await app.close();
    }
    const output = lines.join('');
    expect(output).toContain('/games/precheck?oauth_token=[REDACTED]');
    expect(output).toContain('request rejected');
    expect(output).not.toContain('very-secret-token');
    expect(output).not.toContain('bearer-secret-value');
    expect(output).not.toContain('cookie-secret');
  });
});
