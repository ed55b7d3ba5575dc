import { addDays, ERROR_CODES, LEAD_RANGE_DAYS_MAX, utcDay } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { call, expectFailure, okData } from './api-calls.js';
import { harnessForFile } from './helpers.js';
import { platformBody, replyBody } from './ticket-bodies.js';
import { accountIdOf, createTicket, createTicketHarness, renewSessions } from './tickets-helpers.js';
import { gameName, knownTickets, leadToken, RANGE } from './lead-dashboard-helpers.js';

const h = harnessForFile(createTicketHarness);

describe('the dashboard figures', () => {
  it('count tickets opened and ended per UTC day, with each day’s first-response and resolution percentiles', async () => {
    await knownTickets(h);
    const data = okData('leadDashboard', await call(h, 'leadDashboard', { token: await leadToken(h), query: RANGE }));
    expect(data.from).toBe('2025-03-10');
    expect(data.to).toBe('2025-03-12');
    expect(data.days).toEqual([
      { day: '2025-03-10', opened: 2, ended: 2, firstResponseP50: 600, firstResponseP90: 840, resolutionP50: 5400, resolutionP90: 6840 },
      {
        day: '2025-03-11',
        opened: 1,
        ended: 2,
        firstResponseP50: 3600,
        firstResponseP90: 3600,
        resolutionP50: 46800,
        resolutionP90: 78480,
      },
      { day: '2025-03-12', opened: 2, ended: 1, firstResponseP50: 30, firstResponseP90: 30, resolutionP50: 1800, resolutionP90: 1800 },
    ]);
    expect(data.durations).toEqual({
      firstResponse: { tickets: 4, p50: 600, p90: 2790 },
      resolution: { tickets: 5, p50: 7200, p90: 54720 },
    });
  });

  it('give CSAT, the share of 4 and 5 star ratings, by game, by agent (the holder, else the last to answer) and low-score reasons', async () => {
    await knownTickets(h);
    const data = okData('leadDashboard', await call(h, 'leadDashboard', { token: await leadToken(h), query: RANGE }));
    expect(data.ratings).toEqual({ ratings: 5, satisfied: 2, csat: 0.4, lowScores: 3 });
    const games = [
      { gameId: 1, gameName: await gameName(h, 1), ratings: 3, satisfied: 1, csat: 1 / 3 },
      { gameId: 2, gameName: await gameName(h, 2), ratings: 2, satisfied: 1, csat: 0.5 },
    ].sort((a, b) => a.gameName.localeCompare(b.gameName));
    expect(data.csatByGame).toEqual(games);
    expect(data.csatByAgent).toEqual([
      { agentId: await accountIdOf(h.db, 'agent1'), account: 'agent1', ratings: 3, satisfied: 1, csat: 1 / 3 },
      { agentId: await accountIdOf(h.db, 'lead1'), account: 'lead1', ratings: 1, satisfied: 1, csat: 1 },
    ]);
    expect(data.lowScoreReasons).toEqual([
      { reason: 'slow', count: 2, share: 2 / 3 },
      { reason: 'unclear', count: 1, share: 1 / 3 },
      { reason: 'unsolved', count: 0, share: 0 },
      { reason: 'unfriendly', count: 0, share: 0 },
    ]);
  });

  it('list every day of a quiet range, with nothing to share out', async () => {
    const data = okData(
      'leadDashboard',
      await call(h, 'leadDashboard', { token: await leadToken(h), query: '?from=2024-02-28&to=2024-03-01' }),
    );
    expect(data.days.map((day) => day.day)).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(
      data.days.every((day) => day.opened === 0 && day.ended === 0 && day.firstResponseP50 === null && day.resolutionP90 === null),
    ).toBe(true);
    expect(data.durations).toEqual({
      firstResponse: { tickets: 0, p50: null, p90: null },
      resolution: { tickets: 0, p50: null, p90: null },
    });
    expect(data.ratings).toEqual({ ratings: 0, satisfied: 0, csat: null, lowScores: 0 });
    expect(data.csatByGame).toEqual([]);
    expect(data.csatByAgent).toEqual([]);
    expect(data.lowScoreReasons.every((entry) => entry.count === 0 && entry.share === null)).toBe(true);
  });

  it('follow a ticket the calls open, answer, end and rate: the reply writes its first response', async () => {
    // To 01:00 UTC of the next day, so the whole conversation falls on one day whenever the test runs.
    const now = h.clock.now();
    const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 1);
    h.clock.advance({ seconds: (next - now.getTime()) / 1000 });
    await renewSessions(h);
    const day = utcDay(h.clock.now());
    const id = await createTicket(h, h.player1, platformBody());
    h.clock.advance({ minutes: 10 });
    okData('agentInquiryReply', await call(h, 'agentInquiryReply', { token: h.agent, body: replyBody(id, 'Looking into it.') }));
    h.clock.advance({ hours: 1 });
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: h.player1, body: { inquiryId: id } }));
    okData('inquiryScore', await call(h, 'inquiryScore', { token: h.player1, body: { inquiryId: id, score: 2, reasons: ['unsolved'] } }));

    const data = okData('leadDashboard', await call(h, 'leadDashboard', { token: await leadToken(h), query: `?from=${day}&to=${day}` }));
    expect(data.days).toEqual([
      { day, opened: 1, ended: 1, firstResponseP50: 600, firstResponseP90: 600, resolutionP50: 4200, resolutionP90: 4200 },
    ]);
    expect(data.csatByAgent).toEqual([{ agentId: h.ids.agent, account: 'agent1', ratings: 1, satisfied: 0, csat: 0 }]);
    expect(data.csatByGame).toEqual([{ gameId: 2, gameName: await gameName(h, 2), ratings: 1, satisfied: 0, csat: 0 }]);
    expect(data.lowScoreReasons.find((entry) => entry.reason === 'unsolved')).toEqual({ reason: 'unsolved', count: 1, share: 1 });
    // The times the percentiles are read from are kept with the ticket as it changes (migration 0022).
    const { rows } = await h.db.query<{ first_response_seconds: number; resolution_seconds: number }>(
      'SELECT first_response_seconds, resolution_seconds FROM tickets WHERE id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ first_response_seconds: 600, resolution_seconds: 4200 });
  });
});

describe('the range', () => {
  it('is refused, with the key the form shows, when a day is not a calendar day, reversed or too long', async () => {
    const token = await leadToken(h);
    const cases: [string, string][] = [
      ['?from=2025-02-30&to=2025-03-01', 'dayInvalid'],
      ['?from=2025-3-1&to=2025-03-02', 'dayInvalid'],
      ['?from=2025-03-02&to=2025-03-01', 'rangeReversed'],
      [`?from=2024-01-01&to=${addDays('2024-01-01', LEAD_RANGE_DAYS_MAX)}`, 'rangeTooLong'],
    ];
    // `Invalid query parameter "to": rangeReversed`: the key after the colon is what the browser translates.
    for (const [query, key] of cases)
      expectFailure(await call(h, 'leadDashboard', { token, query }), 400, ERROR_CODES.badRequest, new RegExp(`": ${key}$`));
    expectFailure(await call(h, 'leadDashboard', { token, query: '?from=2025-03-01' }), 400, ERROR_CODES.badRequest, /"to"/);
    expectFailure(await call(h, 'leadExport', { token, query: `${RANGE}&report=everything` }), 400, ERROR_CODES.badRequest, /"report"/);
    okData(
      'leadDashboard',
      await call(h, 'leadDashboard', { token, query: `?from=2024-01-01&to=${addDays('2024-01-01', LEAD_RANGE_DAYS_MAX - 1)}` }),
    );
  });
});
