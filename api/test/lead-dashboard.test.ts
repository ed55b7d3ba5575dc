import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ERROR_CODES, LEAD_RANGE_DAYS_MAX, addDays, utcDay, type EndpointName } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { describe, expect, it } from 'vitest';
import { runCreateAccount } from '../src/identity/create-account.js';
import { toCsv } from '../src/lead-dashboard/csv.js';
import { commandOutput, harnessForFile, testHasher } from './helpers.js';
import { call, expectFailure, loginToken, okData } from './identity-helpers.js';
import { createTicket, createTicketHarness, platformBody, renewSessions, replyBody } from './tickets-helpers.js';

const h = harnessForFile(createTicketHarness);

const LEAD_CALLS: EndpointName[] = ['leadDashboard', 'leadExport'];
const RANGE = '?from=2025-03-10&to=2025-03-12';

async function leadToken(): Promise<string> {
  return loginToken(h, 'lead1', 'lead1-pass');
}

async function idOf(account: string): Promise<number> {
  const { rows } = await h.db.query<{ id: number }>('SELECT id FROM accounts WHERE account = $1', [account]);
  return Number(rows[0]?.id);
}

async function gameName(id: number): Promise<string> {
  const { rows } = await h.db.query<{ title: string }>('SELECT title FROM games WHERE id = $1', [id]);
  return String(rows[0]?.title);
}

interface SeededTicket {
  gameId: number;
  createdAt: string;
  /** The agents' replies: who and when; the first one is the first response. */
  replies?: { by: number; at: string }[];
  assignee?: number;
  endedAt?: string;
  rating?: { score: number; reasons?: string[]; at: string };
}

/**
 * A platform ticket of player1 as the calls would have left it, written straight into the tables so its times are
 * exactly the ones given (the clock of a test app only moves forward from today).
 */
async function seedTicket(ticket: SeededTicket): Promise<number> {
  const { rows: categories } = await h.db.query<{ id: number }>('SELECT id FROM inquiry_categories ORDER BY id LIMIT 1');
  const replies = ticket.replies ?? [];
  const lastReply = replies.at(-1)?.at ?? null;
  const status = ticket.rating ? 'ended' : ticket.endedAt ? 'waiting_rating' : replies.length > 0 ? 'replied' : 'processing';
  const { rows } = await h.db.query<{ id: number }>(
    `INSERT INTO tickets (account_id, request_id, ticket_type, game_id, category_id, title, content, contact_kind, contact, lang,
                          status, created_at, updated_at, waiting_since, last_agent_reply_at, ended_by, ended_at,
                          first_agent_reply_at, assignee_account_id, assigned_at)
     VALUES ($1, $2, '0', $3, $4, 'Seeded ticket', 'A ticket with known times.', 'email', 'player1@demo.example', 'en',
             $5, $6, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [
      h.ids.player1,
      randomUUID(),
      ticket.gameId,
      Number(categories[0]?.id),
      status,
      ticket.createdAt,
      status === 'processing' ? ticket.createdAt : null,
      lastReply,
      ticket.endedAt ? 'player' : null,
      ticket.endedAt ?? null,
      replies[0]?.at ?? null,
      ticket.assignee ?? null,
      ticket.assignee ? ticket.createdAt : null,
    ],
  );
  const id = Number(rows[0]?.id);
  for (const reply of replies) {
    await h.db.query(
      `INSERT INTO ticket_messages (ticket_id, author, author_account_id, request_id, content, created_at) VALUES ($1, 'agent', $2, $3, 'On it.', $4)`,
      [id, reply.by, randomUUID(), reply.at],
    );
  }
  if (ticket.rating) {
    await h.db.query('INSERT INTO ticket_ratings (ticket_id, score, reasons, created_at) VALUES ($1, $2, $3, $4)', [
      id,
      ticket.rating.score,
      ticket.rating.reasons ?? [],
      ticket.rating.at,
    ]);
  }
  return id;
}

/**
 * Seven tickets around 10 to 12 March 2025 (UTC), two of them outside the range; every figure below is worked out
 * by hand from these times. Percentiles are continuous (interpolated between the two nearest values).
 */
async function seedKnownTickets(): Promise<void> {
  const [agent, lead] = [await idOf('agent1'), await idOf('lead1')];
  // In the range: first response 300 s, resolved in 3,600 s, 5 stars.
  await seedTicket({
    gameId: 1,
    createdAt: '2025-03-10T08:00:00Z',
    replies: [{ by: agent, at: '2025-03-10T08:05:00Z' }],
    endedAt: '2025-03-10T09:00:00Z',
    rating: { score: 5, at: '2025-03-10T09:05:00Z' },
  });
  // 900 s, ended the next day after 86,400 s, 2 stars for two reasons.
  await seedTicket({
    gameId: 1,
    createdAt: '2025-03-10T10:00:00Z',
    replies: [
      { by: agent, at: '2025-03-10T10:15:00Z' },
      { by: agent, at: '2025-03-11T09:00:00Z' },
    ],
    endedAt: '2025-03-11T10:00:00Z',
    rating: { score: 2, reasons: ['slow', 'unclear'], at: '2025-03-11T10:05:00Z' },
  });
  // Answered by agent1 but held by lead1, whose CSAT it counts in: 3,600 s, 7,200 s, 4 stars.
  await seedTicket({
    gameId: 2,
    createdAt: '2025-03-11T12:00:00Z',
    replies: [{ by: agent, at: '2025-03-11T13:00:00Z' }],
    assignee: lead,
    endedAt: '2025-03-11T14:00:00Z',
    rating: { score: 4, at: '2025-03-11T14:05:00Z' },
  });
  // Answered in 30 s, still open.
  await seedTicket({ gameId: 1, createdAt: '2025-03-12T09:00:00Z', replies: [{ by: lead, at: '2025-03-12T09:00:30Z' }] });
  // Opened and answered the day before the range, ended (7,200 s) and rated 1 star in it.
  await seedTicket({
    gameId: 2,
    createdAt: '2025-03-09T23:00:00Z',
    replies: [{ by: agent, at: '2025-03-09T23:10:00Z' }],
    endedAt: '2025-03-10T01:00:00Z',
    rating: { score: 1, reasons: ['slow'], at: '2025-03-10T01:05:00Z' },
  });
  // The day after the range: counts nowhere.
  await seedTicket({ gameId: 1, createdAt: '2025-03-13T00:00:00Z' });
  // Ended by the player before any agent answered (1,800 s), 3 stars without a reason: in no agent's CSAT.
  await seedTicket({
    gameId: 1,
    createdAt: '2025-03-12T20:00:00Z',
    endedAt: '2025-03-12T20:30:00Z',
    rating: { score: 3, at: '2025-03-12T20:35:00Z' },
  });
}

let seeded: Promise<void> | undefined;
const knownTickets = () => (seeded ??= seedKnownTickets());

describe('the lead permission', () => {
  it('is what the two lead calls ask for: a player or a plain agent gets 4030 leadsOnly, a guest -600', async () => {
    const lead = (Object.keys(ENDPOINTS) as EndpointName[]).filter((name) => ENDPOINTS[name].auth === 'lead');
    expect(lead.sort()).toEqual([...LEAD_CALLS].sort());
    for (const name of LEAD_CALLS) {
      const query = name === 'leadExport' ? `${RANGE}&report=days` : RANGE;
      for (const token of [h.player1, h.agent]) expectFailure(await call(h, name, { token, query }), 403, ERROR_CODES.forbidden, 'leadsOnly');
      expectFailure(await call(h, name, { query }), 401, ERROR_CODES.sessionInvalid, 'sessionInvalid');
    }
    okData('leadDashboard', await call(h, 'leadDashboard', { token: await leadToken(), query: RANGE }));
  });

  it('tells the desk who has it', async () => {
    expect(okData('agentPermissions', await call(h, 'agentPermissions', { token: h.agent }))).toEqual({ lead: false });
    expect(okData('agentPermissions', await call(h, 'agentPermissions', { token: await leadToken() }))).toEqual({ lead: true });
    expectFailure(await call(h, 'agentPermissions', { token: h.player1 }), 403, ERROR_CODES.forbidden, 'agentsOnly');
  });

  it('is given by the operator command to an agent, and refused to a player', async () => {
    const account = `lead-${Math.random().toString(36).slice(2, 10)}`;
    const create = async (argv: string[]) => {
      const { stdout, stderr, written } = commandOutput();
      const code = await runCreateAccount(
        { argv, env: { ACCOUNT_PASSWORD: 'Lead-pass-2024' }, stdin: Readable.from([]), stdout, stderr },
        { db: h.db, hasher: testHasher },
      );
      return { code, ...written() };
    };
    const refused = await create(['--account', `${account}-p`, '--lead']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('--lead is for agents only');
    const created = await create(['--account', account, '--role', 'agent', '--lead']);
    expect(created).toMatchObject({ code: 0 });
    expect(created.out).toContain(`Created lead agent account "${account}"`);
    const token = await loginToken(h, account, 'Lead-pass-2024');
    expect(okData('agentPermissions', await call(h, 'agentPermissions', { token }))).toEqual({ lead: true });
    okData('leadDashboard', await call(h, 'leadDashboard', { token, query: RANGE }));
  });

  it('belongs to agents only, down to the database', async () => {
    await expect(h.db.query("UPDATE accounts SET lead = true WHERE account = 'player1'")).rejects.toThrow(/accounts_lead_is_agent/);
  });
});

describe('the dashboard figures', () => {
  it('count tickets opened and ended per UTC day, with each day’s first-response and resolution percentiles', async () => {
    await knownTickets();
    const data = okData('leadDashboard', await call(h, 'leadDashboard', { token: await leadToken(), query: RANGE }));
    expect(data.from).toBe('2025-03-10');
    expect(data.to).toBe('2025-03-12');
    expect(data.days).toEqual([
      { day: '2025-03-10', opened: 2, ended: 2, firstResponseP50: 600, firstResponseP90: 840, resolutionP50: 5400, resolutionP90: 6840 },
      { day: '2025-03-11', opened: 1, ended: 2, firstResponseP50: 3600, firstResponseP90: 3600, resolutionP50: 46800, resolutionP90: 78480 },
      { day: '2025-03-12', opened: 2, ended: 1, firstResponseP50: 30, firstResponseP90: 30, resolutionP50: 1800, resolutionP90: 1800 },
    ]);
    expect(data.durations).toEqual({
      firstResponse: { tickets: 4, p50: 600, p90: 2790 },
      resolution: { tickets: 5, p50: 7200, p90: 54720 },
    });
  });

  it('give CSAT, the share of 4 and 5 star ratings, by game, by agent (the holder, else the last to answer) and low-score reasons', async () => {
    await knownTickets();
    const data = okData('leadDashboard', await call(h, 'leadDashboard', { token: await leadToken(), query: RANGE }));
    expect(data.ratings).toEqual({ ratings: 5, satisfied: 2, csat: 0.4, lowScores: 3 });
    const games = [
      { gameId: 1, gameName: await gameName(1), ratings: 3, satisfied: 1, csat: 1 / 3 },
      { gameId: 2, gameName: await gameName(2), ratings: 2, satisfied: 1, csat: 0.5 },
    ].sort((a, b) => a.gameName.localeCompare(b.gameName));
    expect(data.csatByGame).toEqual(games);
    expect(data.csatByAgent).toEqual([
      { agentId: await idOf('agent1'), account: 'agent1', ratings: 3, satisfied: 1, csat: 1 / 3 },
      { agentId: await idOf('lead1'), account: 'lead1', ratings: 1, satisfied: 1, csat: 1 },
    ]);
    expect(data.lowScoreReasons).toEqual([
      { reason: 'slow', count: 2, share: 2 / 3 },
      { reason: 'unclear', count: 1, share: 1 / 3 },
      { reason: 'unsolved', count: 0, share: 0 },
      { reason: 'unfriendly', count: 0, share: 0 },
    ]);
  });

  it('list every day of a quiet range, with nothing to share out', async () => {
    const data = okData('leadDashboard', await call(h, 'leadDashboard', { token: await leadToken(), query: '?from=2024-02-28&to=2024-03-01' }));
    expect(data.days.map((day) => day.day)).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(data.days.every((day) => day.opened === 0 && day.ended === 0 && day.firstResponseP50 === null && day.resolutionP90 === null)).toBe(true);
    expect(data.durations).toEqual({ firstResponse: { tickets: 0, p50: null, p90: null }, resolution: { tickets: 0, p50: null, p90: null } });
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

    const data = okData('leadDashboard', await call(h, 'leadDashboard', { token: await leadToken(), query: `?from=${day}&to=${day}` }));
    expect(data.days).toEqual([
      { day, opened: 1, ended: 1, firstResponseP50: 600, firstResponseP90: 600, resolutionP50: 4200, resolutionP90: 4200 },
    ]);
    expect(data.csatByAgent).toEqual([{ agentId: h.ids.agent, account: 'agent1', ratings: 1, satisfied: 0, csat: 0 }]);
    expect(data.csatByGame).toEqual([{ gameId: 2, gameName: await gameName(2), ratings: 1, satisfied: 0, csat: 0 }]);
    expect(data.lowScoreReasons.find((entry) => entry.reason === 'unsolved')).toEqual({ reason: 'unsolved', count: 1, share: 1 });
  });
});

describe('the range', () => {
  it('is refused, with the key the form shows, when a day is not a calendar day, reversed or too long', async () => {
    const token = await leadToken();
    const cases: [string, string][] = [
      ['?from=2025-02-30&to=2025-03-01', 'dayInvalid'],
      ['?from=2025-3-1&to=2025-03-02', 'dayInvalid'],
      ['?from=2025-03-02&to=2025-03-01', 'rangeReversed'],
      [`?from=2024-01-01&to=${addDays('2024-01-01', LEAD_RANGE_DAYS_MAX)}`, 'rangeTooLong'],
    ];
    // `Invalid query parameter "to": rangeReversed`: the key after the colon is what the browser translates.
    for (const [query, key] of cases) expectFailure(await call(h, 'leadDashboard', { token, query }), 400, ERROR_CODES.badRequest, new RegExp(`": ${key}$`));
    expectFailure(await call(h, 'leadDashboard', { token, query: '?from=2025-03-01' }), 400, ERROR_CODES.badRequest, /"to"/);
    expectFailure(await call(h, 'leadExport', { token, query: `${RANGE}&report=everything` }), 400, ERROR_CODES.badRequest, /"report"/);
    okData('leadDashboard', await call(h, 'leadDashboard', { token, query: `?from=2024-01-01&to=${addDays('2024-01-01', LEAD_RANGE_DAYS_MAX - 1)}` }));
  });
});

describe('the CSV export', () => {
  async function download(query: string) {
    const answer = await h.app.inject({
      method: 'GET',
      url: `${ENDPOINTS.leadExport.path}${query}`,
      headers: { authorization: `Bearer ${await leadToken()}` },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return { headers: answer.headers, text: answer.rawPayload.toString('utf8') };
  }

  it('writes each report with a byte order mark, CRLF lines and the headers in the asked language', async () => {
    await knownTickets();
    const days = await download(`${RANGE}&report=days`);
    expect(days.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(days.headers['content-disposition']).toContain('filename="support-days-2025-03-10-to-2025-03-12.csv"');
    expect(days.headers['cache-control']).toBe('private, no-store');
    expect(days.text).toBe(
      '\uFEFFDay (UTC),Tickets opened,Tickets ended,First response p50 (seconds),First response p90 (seconds),' +
        'Resolution p50 (seconds),Resolution p90 (seconds)\r\n' +
        '2025-03-10,2,2,600,840,5400,6840\r\n2025-03-11,1,2,3600,3600,46800,78480\r\n2025-03-12,2,1,30,30,1800,1800\r\n',
    );
    expect((await download(`${RANGE}&report=responseTimes`)).text).toBe(
      '\uFEFFMeasure,Tickets measured,p50 (seconds),p90 (seconds)\r\nFirst response,4,600,2790\r\nResolution,5,7200,54720\r\n',
    );
    expect((await download(`${RANGE}&report=csatByAgent`)).text).toBe(
      '\uFEFFSupport agent,Ratings,Satisfied (4–5 stars),Satisfied share (%)\r\nagent1,3,1,33.3\r\nlead1,1,1,100\r\n',
    );
    expect((await download(`${RANGE}&report=lowScoreReasons&spec_lang=de`)).text).toBe(
      '\uFEFFGrund,Schlechte Bewertungen mit diesem Grund,Anteil an schlechten Bewertungen (%)\r\n' +
        'Langsame Antwort,2,66.7\r\nUnklare Antwort,1,33.3\r\nProblem nicht gelöst,0,0\r\nUnfreundlicher Ton,0,0\r\n',
    );
    const games = (await download(`${RANGE}&report=csatByGame&spec_lang=ja`)).text.split('\r\n');
    expect(games[0]).toBe('\uFEFFゲーム,評価数,満足 (星4〜5),満足の割合 (%)');
    expect(games.slice(1)).toContain(`${await gameName(2)},2,1,50`);
  });

  it('quotes what needs quoting and keeps text a spreadsheet would run as a formula as text', () => {
    expect(toCsv([['a,b', 'say "hi"', 'two\nlines', null, 12.5], ['=1+1', '-2', '@SUM(A1)', 'plain']])).toBe(
      '\uFEFF"a,b","say ""hi""","two\nlines",,12.5\r\n\'=1+1,\'-2,\'@SUM(A1),plain\r\n',
    );
  });
});
