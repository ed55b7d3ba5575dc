import { type EndpointName, ERROR_CODES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { seedSupport } from '../src/seed/support-seed.js';
import { expectFailure, okData } from './api-calls.js';
import { harnessForFile } from './helpers.js';
import { createTicketHarness } from './tickets-helpers.js';
import { faqIds, get, seed } from './support-helpers.js';

const harness = harnessForFile(createTicketHarness);

describe('unknown games and bad input on every support endpoint', () => {
  const calls: [EndpointName, string][] = [
    ['faqTypes', ''],
    ['faqs', ''],
    ['inquiryTypes', ''],
    ['gameServers', ''],
    ['gameAreas', '&serverId=s1'],
    ['gameRoles', '&serverId=s1'],
    ['gameDownloads', ''],
  ];

  it('answers 4040 gameNotFound for a game that does not exist or is not published', async () => {
    for (const [name, extra] of calls) {
      expectFailure(await get(harness, name, `?gameId=999${extra}`, harness.player1), 404, ERROR_CODES.notFound, 'gameNotFound');
    }
    await harness.db.query('UPDATE games SET published = false WHERE id = 2');
    harness.app.support.invalidate();
    try {
      expectFailure(await get(harness, 'faqs', '?gameId=2'), 404, ERROR_CODES.notFound, 'gameNotFound');
    } finally {
      await harness.db.query('UPDATE games SET published = true WHERE id = 2');
      harness.app.support.invalidate();
    }
    expect(okData('faqs', await get(harness, 'faqs', '?gameId=2')).length).toBeGreaterThan(0);
  });

  it('answers 4000 naming the parameter for a missing or malformed gameId', async () => {
    for (const [name, extra] of calls) {
      expectFailure(
        await get(harness, name, `?spec_lang=en${extra}`, harness.player1),
        400,
        ERROR_CODES.badRequest,
        /Missing required query parameter "gameId"/,
      );
      for (const value of ['abc', '0', '-1', '1.5', '2147483648', '%27%20OR%201%3D1']) {
        expectFailure(
          await get(harness, name, `?gameId=${value}${extra}`, harness.player1),
          400,
          ERROR_CODES.badRequest,
          /query parameter "gameId"/,
        );
      }
      expectFailure(
        await get(harness, name, `?gameId=1&gameId=2${extra}`, harness.player1),
        400,
        ERROR_CODES.badRequest,
        /"gameId": expected a single value/,
      );
      expectFailure(
        await get(harness, name, `?gameId=1&extra=1${extra}`, harness.player1),
        400,
        ERROR_CODES.badRequest,
        /Unknown query parameter "extra"/,
      );
      expectFailure(
        await get(harness, name, `?gameId=1&spec_lang=xx${extra}`, harness.player1),
        400,
        ERROR_CODES.badRequest,
        /"spec_lang"/,
      );
    }
  });
});

describe('support reference cache', () => {
  it('serves the loaded data until invalidated', async () => {
    const before = okData('faqs', await get(harness, 'faqs', '?gameId=1&spec_lang=en'));
    await harness.db.query("UPDATE faq_texts SET title = 'Changed title' WHERE faq_id = 1 AND lang = 'en'");
    await harness.db.query("UPDATE game_servers SET name = 'Renamed' WHERE game_id = 1 AND id = 's1'");
    try {
      expect(okData('faqs', await get(harness, 'faqs', '?gameId=1&spec_lang=en'))).toEqual(before);
      expect(okData('gameServers', await get(harness, 'gameServers', '?gameId=1'))[0]?.name).toBe('Orion');
      harness.app.support.invalidate();
      expect(okData('faqs', await get(harness, 'faqs', '?gameId=1&spec_lang=en'))[0]?.title).toBe('Changed title');
      expect(await faqIds(harness, '?gameId=1&keyword=changed')).toEqual([1]);
      expect(okData('gameServers', await get(harness, 'gameServers', '?gameId=1'))[0]?.name).toBe('Renamed');
    } finally {
      await seedSupport(harness.db, seed);
      harness.app.support.invalidate();
    }
    expect(okData('faqs', await get(harness, 'faqs', '?gameId=1&spec_lang=en'))).toEqual(before);
  });
});
