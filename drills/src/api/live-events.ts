import { randomUUID } from 'node:crypto';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { ERROR_CODES, LIVE_EVENTS_PATH, type TicketLiveEvent } from 'shared-contracts';
import type { EventStreamMessage } from 'shared-contracts/live-channel';
import { openLiveStream } from 'tooling/live-stream';
import { bearer, envelopeOf, passwordLogin, platformTicket, type ApiUnderTest } from './api-under-test.js';

/**
 * Issue 15 item 6: the live channel's authorization. Over two replicas (the streams of one player on each side of
 * the actions), a player receives only their own tickets' events, never another player's, in the live fan-out and
 * in a replay from any Last-Event-ID, and never an agents-only event (an assignment, an internal note), not even of
 * their own ticket; agents receive the whole queue; a stream without a valid session is refused
 * with -600 before it starts; hostile Last-Event-IDs and parameters start a stream afresh, never a server error.
 * Needs the demo accounts (player1 the owner, player2 the other player, agent1).
 */

const ACCOUNTS = {
  owner: { account: 'player1', password: 'player1-pass' },
  otherPlayer: { account: 'player2', password: 'player2-pass' },
  agent: { account: 'agent1', password: 'agent1-pass' },
} as const;

/** Last-Event-IDs no server wrote, or one far in the past that replays a whole history. */
const HOSTILE_EVENT_IDS = [
  'abc',
  '-1-0',
  '1-',
  '1-1-1',
  '99999999999999999999-1',
  "1-1' OR '1'='1",
  '0x10-0x1',
  `${'9'.repeat(15)}-1`,
  '0-0'.repeat(64),
];
const HOSTILE_QUERIES = ['?spec_lang=%3Cscript%3E', '?domain_area=../../etc', '?lastEventId=0-0', `?${'a'.repeat(4000)}=1`];

export interface LiveEventsResult {
  /** Events each caller received about the owner's ticket, and about the other player's. */
  received: { caller: string; ownersTicket: number; otherPlayersTicket: number }[];
  refusals: { case: string; status: number; code: number | null; ok: boolean }[];
  hostileTried: number;
  hostileHandled: number;
  leaks: number;
  /** Agents-only events (assignments, internal notes) that reached a player's stream, live or replayed. */
  agentsOnlyLeaks: number;
  problems: string[];
}

/** Event kinds only agents' streams carry. */
const AGENTS_ONLY_KINDS: readonly TicketLiveEvent['kind'][] = ['assigned', 'note'];

interface OpenStream {
  status: number;
  messages: EventStreamMessage[];
  events: () => TicketLiveEvent[];
  close: () => void;
  until: (check: () => boolean, what: string) => Promise<void>;
}

/**
 * A stream on a connection of its own (tooling/live-stream), never fetch's pool: that leaves spare connections
 * without a request behind, and a server closing after the drill waits for them until its headers timeout.
 */
async function openStream(baseUrl: string, token: string, options: { lastEventId?: string; query?: string } = {}): Promise<OpenStream> {
  const messages: EventStreamMessage[] = [];
  const connection = openLiveStream(
    `${baseUrl}${LIVE_EVENTS_PATH}${options.query ?? ''}`,
    { ...bearer(token), ...(options.lastEventId === undefined ? {} : { 'last-event-id': options.lastEventId }) },
    (message) => messages.push(message),
  );
  return {
    status: await connection.status,
    messages,
    events: () => messages.filter((message) => message.event === 'ticket').map((message) => JSON.parse(message.data) as TicketLiveEvent),
    close: connection.close,
    until: async (check, what) => {
      const deadline = Date.now() + 10_000;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`live stream: timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}

const isReady = (stream: OpenStream) => () => stream.messages.some((message) => message.event === 'ready');

async function data(api: ApiUnderTest, method: 'GET' | 'POST', path: string, token: string, body?: unknown): Promise<unknown> {
  const answer = await api.inject({
    method,
    url: path,
    headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  const envelope = envelopeOf(answer);
  if (envelope?.code !== 1)
    throw new Error(`${method} ${path} refused while preparing the live drill: ${answer.statusCode} ${answer.body}`);
  return envelope.data;
}

/**
 * Runs the drill against `api` (setup calls) and the replicas at `baseUrls` (streams; the owner's and the other
 * player's on the first, the agent's and the resumes on the last).
 */
export async function runLiveEventsDrill(api: ApiUnderTest, baseUrls: readonly string[]): Promise<LiveEventsResult> {
  const first = baseUrls[0]!;
  const last = baseUrls.at(-1)!;
  const problems: string[] = [];
  const refusals: LiveEventsResult['refusals'] = [];

  for (const [name, headers] of [
    ['no session', {}],
    ['unknown token', bearer('live-drill-no-such-session')],
    ['malformed header', { authorization: 'Bearer' }],
    ['another scheme', { authorization: 'Basic cGxheWVyMTpwbGF5ZXIxLXBhc3M=' }],
  ] as const) {
    const response = await fetch(`${first}${LIVE_EVENTS_PATH}`, { headers });
    const body = (await response.json().catch(() => null)) as { code?: number } | null;
    const ok = response.status === 401 && body?.code === ERROR_CODES.sessionInvalid;
    refusals.push({ case: name, status: response.status, code: body?.code ?? null, ok });
    if (!ok) problems.push(`a stream with ${name} was not refused with -600: ${response.status}`);
  }

  const tokens = {
    owner: await passwordLogin(api, ACCOUNTS.owner.account, ACCOUNTS.owner.password),
    otherPlayer: await passwordLogin(api, ACCOUNTS.otherPlayer.account, ACCOUNTS.otherPlayer.password),
    agent: await passwordLogin(api, ACCOUNTS.agent.account, ACCOUNTS.agent.password),
  };
  const streams = {
    owner: await openStream(first, tokens.owner),
    otherPlayer: await openStream(first, tokens.otherPlayer),
    agent: await openStream(last, tokens.agent),
  };
  const opened: OpenStream[] = Object.values(streams);
  try {
    for (const stream of opened) await stream.until(isReady(stream), 'ready');

    const openTicket = async (token: string, ...ticket: Parameters<typeof platformTicket>) =>
      ((await data(api, 'POST', ENDPOINTS.createInquiry.path, token, platformTicket(...ticket))) as { inquiryId: number }).inquiryId;
    const owners = await openTicket(tokens.owner, 'Live drill', 'A ticket the live drill opens.', 'live@example.test');
    const reply = (token: string, path: string) =>
      data(api, 'POST', path, token, { inquiryId: owners, requestId: randomUUID(), content: 'Live drill', attachments: [] });
    // The agent claims the ticket and leaves an internal note: two events for agents' streams alone.
    const { selfAccountId: agentId } = (await data(api, 'GET', ENDPOINTS.deskAgents.path, tokens.agent)) as { selfAccountId: number };
    await data(api, 'POST', ENDPOINTS.agentInquiryAssign.path, tokens.agent, {
      inquiryId: owners,
      assigneeId: agentId,
      expectedAssigneeId: null,
    });
    await reply(tokens.owner, ENDPOINTS.inquiryReply.path);
    await reply(tokens.agent, ENDPOINTS.agentInquiryReply.path);
    await data(api, 'POST', ENDPOINTS.agentInquiryNote.path, tokens.agent, {
      inquiryId: owners,
      requestId: randomUUID(),
      content: 'Live drill internal note',
    });
    await data(api, 'POST', ENDPOINTS.agentInquiryEnd.path, tokens.agent, { inquiryId: owners });
    await data(api, 'POST', ENDPOINTS.inquiryScore.path, tokens.owner, { inquiryId: owners, score: 4, reasons: [], comment: '' });
    // Last, the other player's own ticket: once their stream has it, it has passed every event of the owner's.
    const others = await openTicket(tokens.otherPlayer, 'Live drill other', 'The other player’s own ticket.', 'other@example.test');

    const about = (stream: OpenStream, inquiryId: number) => stream.events().filter((event) => event.inquiryId === inquiryId).length;
    await streams.owner.until(
      () => streams.owner.events().some((event) => event.inquiryId === owners && event.kind === 'rated'),
      "the owner's rating",
    );
    await streams.otherPlayer.until(() => about(streams.otherPlayer, others) > 0, "the other player's own ticket");
    await streams.agent.until(() => about(streams.agent, others) > 0, "the agent's view of the other player's ticket");

    // The other player and the owner resume from the very start: a replay of the whole table, on the other replica.
    const replay = await openStream(last, tokens.otherPlayer, { lastEventId: '0-0' });
    const ownerReplay = await openStream(last, tokens.owner, { lastEventId: '0-0' });
    opened.push(replay, ownerReplay);
    await replay.until(isReady(replay), 'the replay');
    await ownerReplay.until(isReady(ownerReplay), "the owner's replay");

    const received: LiveEventsResult['received'] = [
      ...Object.entries(streams).map(([caller, stream]) => ({
        caller,
        ownersTicket: about(stream, owners),
        otherPlayersTicket: about(stream, others),
      })),
      { caller: 'otherPlayer (replay from 0-0)', ownersTicket: about(replay, owners), otherPlayersTicket: about(replay, others) },
      { caller: 'owner (replay from 0-0)', ownersTicket: about(ownerReplay, owners), otherPlayersTicket: about(ownerReplay, others) },
    ];
    const leaks =
      received.filter((row) => row.caller.startsWith('otherPlayer') && row.ownersTicket > 0).length +
      (about(streams.owner, others) > 0 ? 1 : 0);
    if (leaks > 0) problems.push(`a player received events of another player's ticket: ${JSON.stringify(received)}`);
    const agentsOnly = (stream: OpenStream) => stream.events().filter((event) => AGENTS_ONLY_KINDS.includes(event.kind)).length;
    const agentsOnlyLeaks = [streams.owner, streams.otherPlayer, replay, ownerReplay].reduce((sum, stream) => sum + agentsOnly(stream), 0);
    if (agentsOnlyLeaks > 0) problems.push(`a player received ${agentsOnlyLeaks} agents-only events (assignments, internal notes)`);
    const ownersEvents = about(streams.owner, owners);
    // Positive controls: the owner sees every change of their ticket but the agents-only ones, which the agents see
    // too; the replays give each player what they saw live.
    if (ownersEvents < 6 || about(streams.agent, owners) !== ownersEvents + 2 || agentsOnly(streams.agent) < 2) {
      problems.push(`the owner or the agent missed events: ${JSON.stringify(received)}`);
    }
    if (about(ownerReplay, owners) !== ownersEvents)
      problems.push(`the owner's replay from 0-0 differs from what they saw live: ${JSON.stringify(received)}`);
    if (about(replay, others) === 0) problems.push('the replay from 0-0 did not give the other player their own ticket');

    // Done with: closed, so the hostile streams below stay well inside the streams one account may hold.
    for (const stream of opened) stream.close();
    let hostileHandled = 0;
    const hostile = [...HOSTILE_EVENT_IDS.map((lastEventId) => ({ lastEventId })), ...HOSTILE_QUERIES.map((query) => ({ query }))];
    for (const options of hostile) {
      const stream = await openStream(first, tokens.otherPlayer, options);
      opened.push(stream);
      if (stream.status !== 200) {
        problems.push(`a hostile stream request ${JSON.stringify(options)} got ${stream.status}`);
        continue;
      }
      await stream.until(isReady(stream), `ready after ${JSON.stringify(options)}`);
      stream.close();
      if (about(stream, owners) > 0) problems.push(`a hostile stream request ${JSON.stringify(options)} leaked the owner's events`);
      else hostileHandled += 1;
    }
    return {
      received,
      refusals,
      hostileTried: hostile.length + refusals.length,
      hostileHandled: hostileHandled + refusals.filter((row) => row.ok).length,
      leaks,
      agentsOnlyLeaks,
      problems,
    };
  } finally {
    for (const stream of opened) stream.close();
  }
}
