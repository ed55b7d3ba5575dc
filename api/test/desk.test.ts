import { randomUUID } from 'node:crypto';
import { DESK_ERRORS, DESK_LIMITS, ERROR_CODES, TICKET_ERRORS, type EndpointBody } from 'shared-contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, expectFailure, okData } from './api-calls.js';
import { harnessForFile } from './helpers.js';
import { createAccount, loginToken } from './identity-helpers.js';
import { beforeMigration } from './migration-back-fill.js';
import { platformBody, replyBody } from './ticket-bodies.js';
import { countRows, createTicket, createTicketHarness, renewSessions } from './tickets-helpers.js';

/**
 * Issue 15 item 3: the agents' desk as a helpdesk. First-response and resolution times, who holds a ticket (claim,
 * assign, release, the queue's holder filter, refusals when the holder changed), and internal notes players never see.
 */
const h = harnessForFile(async () => {
  const harness = await createTicketHarness();
  const second = await createAccount(harness, { name: `desk-agent-${randomUUID().slice(0, 8)}`, role: 'agent' });
  return Object.assign(harness, {
    secondAgent: { id: Number(second.id), account: second.account, token: await loginToken(harness, second.account) },
  });
});

// The times below move the clock by hours, past an agent's idle limit: every test starts with fresh sessions.
beforeEach(async () => {
  await renewSessions(h);
  h.secondAgent.token = await loginToken(h, h.secondAgent.account);
});

const detail = async (inquiryId: number, token = h.agent) =>
  okData('agentInquiryDetail', await call(h, 'agentInquiryDetail', { token, query: `?inquiryId=${inquiryId}` }));
const queue = async (query: string, token = h.agent) => okData('agentInquiries', await call(h, 'agentInquiries', { token, query }));
const assign = (body: EndpointBody<'agentInquiryAssign'>, token = h.agent) => call(h, 'agentInquiryAssign', { token, body });
const reply = (inquiryId: number, token = h.agent) => call(h, 'agentInquiryReply', { token, body: replyBody(inquiryId, 'We are on it.') });
const note = (inquiryId: number, content: string, requestId: string = randomUUID(), token = h.agent) =>
  call(h, 'agentInquiryNote', { token, body: { inquiryId, requestId, content } });
const newTicket = (title = 'Desk ticket') => createTicket(h, h.player2, platformBody({ title }));

describe('first-response and resolution times', () => {
  it("record the first agent reply and the end, measured from the ticket's opening, on the queue and the ticket", async () => {
    const word = `times${randomUUID().slice(0, 8)}`;
    const opened = h.clock.now().toISOString();
    const id = await newTicket(`Times ${word}`);
    expect(await detail(id)).toMatchObject({ createdAt: opened, firstResponseAt: null, endedAt: null });

    h.clock.advance({ minutes: 12 });
    const firstReply = h.clock.now().toISOString();
    okData('agentInquiryReply', await reply(id));
    h.clock.advance({ minutes: 20 });
    // Later messages of either side leave the first response as it was.
    okData('inquiryReply', await call(h, 'inquiryReply', { token: h.player2, body: replyBody(id) }));
    okData('agentInquiryReply', await reply(id));
    expect(await detail(id)).toMatchObject({ firstResponseAt: firstReply, endedAt: null });

    h.clock.advance({ minutes: 25 });
    const ended = h.clock.now().toISOString();
    okData('agentInquiryEnd', await call(h, 'agentInquiryEnd', { token: h.agent, body: { inquiryId: id } }));
    expect(await detail(id)).toMatchObject({ createdAt: opened, firstResponseAt: firstReply, endedAt: ended });
    const [row] = (await queue(`?keyword=${word}`)).items;
    expect(row).toMatchObject({ id, createdAt: opened, firstResponseAt: firstReply, endedAt: ended });
  });

  it('are back-filled by migration 0014 for the tickets answered before it', async () => {
    await beforeMigration(14, async (db, migrateTheRest) => {
      await db.query("INSERT INTO games (id, slug, title) VALUES (1, 'old', 'Old')");
      await db.query('INSERT INTO inquiry_categories (id) VALUES (1)');
      const { rows: people } = await db.query<{ id: string }>(
        `INSERT INTO accounts (account, type, role, password_hash)
         VALUES ('old-player', 'PLATFORM', 'player', '$argon2id$old'), ('old-agent', 'PLATFORM', 'agent', '$argon2id$old') RETURNING id`,
      );
      const [player, agent] = people.map((row) => row.id);
      const ticket = async (status: string, waiting: boolean) =>
        (
          await db.query<{ id: string }>(
            `INSERT INTO tickets (account_id, request_id, ticket_type, game_id, category_id, title, content, contact_kind, contact, lang,
                                  status, created_at, updated_at, waiting_since, last_agent_reply_at)
             VALUES ($1, gen_random_uuid(), '0', 1, 1, 'Old ticket', 'Opened before the helpdesk.', 'email', 'old@example.test', 'en',
                     $2, '2026-01-01T08:00:00Z', '2026-01-01T08:00:00Z', $3, $4) RETURNING id`,
            [player!, status, waiting ? '2026-01-01T08:00:00Z' : null, waiting ? null : '2026-01-01T11:00:00Z'],
          )
        ).rows[0]!.id;
      const answered = await ticket('replied', false);
      const waiting = await ticket('processing', true);
      const message = (author: string, by: string, at: string) =>
        db.query(
          `INSERT INTO ticket_messages (ticket_id, author, author_account_id, request_id, content, created_at)
           VALUES ($1, $2, $3, gen_random_uuid(), 'Old message', $4)`,
          [answered, author, by, at],
        );
      await message('player', player!, '2026-01-01T08:30:00Z');
      await message('agent', agent!, '2026-01-01T09:00:00Z');
      await message('agent', agent!, '2026-01-01T11:00:00Z');

      await migrateTheRest();
      const { rows } = await db.query<{ id: string; first_agent_reply_at: Date | null; assignee_account_id: string | null }>(
        'SELECT id, first_agent_reply_at, assignee_account_id FROM tickets ORDER BY id',
      );
      expect(rows.map((row) => [row.id, row.first_agent_reply_at?.toISOString() ?? null, row.assignee_account_id])).toEqual([
        [answered, '2026-01-01T09:00:00.000Z', null],
        [waiting, null, null],
      ]);
    });
  });

  it('leave the first response empty on a chat the player ended unanswered, its end being the resolution', async () => {
    const id = await newTicket();
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: h.player2, body: { inquiryId: id } }));
    const { rows } = await h.db.query<{ first_agent_reply_at: Date | null; ended_at: Date | null }>(
      'SELECT first_agent_reply_at, ended_at FROM tickets WHERE id = $1',
      [id],
    );
    expect(rows[0]?.first_agent_reply_at).toBeNull();
    expect(rows[0]?.ended_at?.toISOString()).toBe(h.clock.now().toISOString());
  });
});

describe('assignment', () => {
  it('lists every agent, and no player, with the caller named', async () => {
    const answer = okData('deskAgents', await call(h, 'deskAgents', { token: h.secondAgent.token }));
    expect(answer.selfAccountId).toBe(h.secondAgent.id);
    expect(answer.agents).toContainEqual({ accountId: h.ids.agent, account: 'agent1' });
    expect(answer.agents).toContainEqual({ accountId: h.secondAgent.id, account: h.secondAgent.account });
    expect(answer.agents.some((agent) => agent.accountId === h.ids.player1 || agent.accountId === h.ids.player2)).toBe(false);
  });

  it('claims, assigns to another agent and releases, each only from the holder the agent saw', async () => {
    const id = await newTicket();
    expect((await detail(id)).assignee).toBeNull();
    const claimed = okData('agentInquiryAssign', await assign({ inquiryId: id, assigneeId: h.ids.agent, expectedAssigneeId: null }));
    expect(claimed).toEqual({ assignee: { accountId: h.ids.agent, account: 'agent1' }, assignedAt: h.clock.now().toISOString() });

    // The second agent still saw it unassigned: refused, naming nobody in the answer, and nothing changed.
    expectFailure(
      await assign({ inquiryId: id, assigneeId: h.secondAgent.id, expectedAssigneeId: null }, h.secondAgent.token),
      409,
      ERROR_CODES.conflict,
      DESK_ERRORS.assignmentChanged,
    );
    expectFailure(
      await assign({ inquiryId: id, assigneeId: null, expectedAssigneeId: null }, h.secondAgent.token),
      409,
      ERROR_CODES.conflict,
      DESK_ERRORS.assignmentChanged,
    );
    expect((await detail(id, h.secondAgent.token)).assignee).toEqual({ accountId: h.ids.agent, account: 'agent1' });

    // Knowing who holds it, the second agent takes it over; agent1 then hands it back, then lets it go.
    h.clock.advance({ minutes: 1 });
    okData(
      'agentInquiryAssign',
      await assign({ inquiryId: id, assigneeId: h.secondAgent.id, expectedAssigneeId: h.ids.agent }, h.secondAgent.token),
    );
    expect((await detail(id)).assignee?.account).toBe(h.secondAgent.account);
    okData('agentInquiryAssign', await assign({ inquiryId: id, assigneeId: h.ids.agent, expectedAssigneeId: h.secondAgent.id }));
    expect(okData('agentInquiryAssign', await assign({ inquiryId: id, assigneeId: null, expectedAssigneeId: h.ids.agent }))).toMatchObject({
      assignee: null,
    });
    expect((await detail(id)).assignee).toBeNull();
  });

  it('refuses a player as assignee, a missing ticket and an ended chat', async () => {
    const id = await newTicket();
    expectFailure(
      await assign({ inquiryId: id, assigneeId: h.ids.player2, expectedAssigneeId: null }),
      404,
      ERROR_CODES.notFound,
      DESK_ERRORS.agentNotFound,
    );
    expectFailure(
      await assign({ inquiryId: 2_000_000_000, assigneeId: h.ids.agent, expectedAssigneeId: null }),
      404,
      ERROR_CODES.notFound,
      TICKET_ERRORS.inquiryNotFound,
    );
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: h.player2, body: { inquiryId: id } }));
    expectFailure(
      await assign({ inquiryId: id, assigneeId: h.ids.agent, expectedAssigneeId: null }),
      409,
      ERROR_CODES.conflict,
      TICKET_ERRORS.inquiryClosed,
    );
    expect((await detail(id)).assignee).toBeNull();
  });

  it("takes a ticket nobody holds with an agent's reply, and refuses a reply to a ticket another agent holds", async () => {
    const id = await newTicket();
    okData('agentInquiryReply', await reply(id, h.secondAgent.token));
    expect((await detail(id)).assignee?.accountId).toBe(h.secondAgent.id);

    const messages = await countRows(h.db, 'ticket_messages WHERE ticket_id = $1', [id]);
    expectFailure(await reply(id), 409, ERROR_CODES.conflict, DESK_ERRORS.heldByAnotherAgent);
    expect(await countRows(h.db, 'ticket_messages WHERE ticket_id = $1', [id])).toBe(messages);
    // After a knowing take-over the reply goes through.
    okData('agentInquiryAssign', await assign({ inquiryId: id, assigneeId: h.ids.agent, expectedAssigneeId: h.secondAgent.id }));
    okData('agentInquiryReply', await reply(id));
  });

  it('filters the queue by holder: unassigned, mine, all', async () => {
    const word = `scope${randomUUID().slice(0, 8)}`;
    const mine = await newTicket(`Mine ${word}`);
    const theirs = await newTicket(`Theirs ${word}`);
    const nobodys = await newTicket(`Nobody ${word}`);
    okData('agentInquiryAssign', await assign({ inquiryId: mine, assigneeId: h.ids.agent, expectedAssigneeId: null }));
    okData('agentInquiryAssign', await assign({ inquiryId: theirs, assigneeId: h.secondAgent.id, expectedAssigneeId: null }));
    const ids = async (query: string, token = h.agent) =>
      (await queue(`?keyword=${word}${query}`, token)).items.map((item) => item.id).sort((a, b) => a - b);

    expect(await ids('')).toEqual([mine, theirs, nobodys]);
    expect(await ids('&assigned=all')).toEqual([mine, theirs, nobodys]);
    expect(await ids('&assigned=unassigned')).toEqual([nobodys]);
    expect(await ids('&assigned=mine')).toEqual([mine]);
    expect(await ids('&assigned=mine', h.secondAgent.token)).toEqual([theirs]);
    expect((await queue(`?keyword=${word}&assigned=mine`)).total).toBe(1);
    const [row] = (await queue(`?keyword=${word}&assigned=mine`)).items;
    expect(row?.assignee).toEqual({ accountId: h.ids.agent, account: 'agent1' });
    expectFailure(
      await call(h, 'agentInquiries', { token: h.agent, query: '?assigned=theirs' }),
      400,
      ERROR_CODES.badRequest,
      /"assigned"/,
    );
  });
});

describe('internal notes', () => {
  it('are shown to agents in order with their author, once per request id, on open and ended tickets', async () => {
    const id = await newTicket();
    const requestId = randomUUID();
    const first = okData('agentInquiryNote', await note(id, '  The player wrote to us before about this.  ', requestId));
    expect(first).toMatchObject({ author: 'agent1', content: 'The player wrote to us before about this.' });
    // The same request again answers with the note it made.
    expect(okData('agentInquiryNote', await note(id, 'The player wrote to us before about this.', requestId))).toEqual(first);
    okData('agentInquiryEnd', await call(h, 'agentInquiryEnd', { token: h.agent, body: { inquiryId: id } }));
    okData('agentInquiryNote', await note(id, 'Closed after the refund.', randomUUID(), h.secondAgent.token));
    expect((await detail(id)).notes.map((entry) => [entry.author, entry.content])).toEqual([
      ['agent1', 'The player wrote to us before about this.'],
      [h.secondAgent.account, 'Closed after the refund.'],
    ]);
  });

  it('never reach the player: not in their ticket, their list, their unresolved prompt', async () => {
    const secret = `Internal ${randomUUID()}`;
    const id = await newTicket();
    okData('agentInquiryNote', await note(id, secret));
    const answers = [
      await call(h, 'inquiryDetail', { token: h.player2, query: `?inquiryId=${id}` }),
      await call(h, 'inquiryList', { token: h.player2 }),
      await call(h, 'inquiryUnresolved', { token: h.player2 }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain(secret);
    }
    expect((await detail(id)).notes.map((entry) => entry.content)).toEqual([secret]);
  });

  it('refuse empty, too long and control-character notes, a missing ticket, and a ticket past its note limit', async () => {
    const id = await newTicket();
    expectFailure(await note(id, '   '), 400, ERROR_CODES.badRequest, /noteTooShort/);
    expectFailure(await note(id, 'n'.repeat(DESK_LIMITS.noteMax + 1)), 400, ERROR_CODES.badRequest, /noteTooLong/);
    expectFailure(await note(id, 'bell \u0007'), 400, ERROR_CODES.badRequest, /noteInvalid/);
    expectFailure(await note(2_000_000_000, 'Nothing to note.'), 404, ERROR_CODES.notFound, TICKET_ERRORS.inquiryNotFound);
    await h.db.query(
      `INSERT INTO ticket_notes (ticket_id, author_account_id, request_id, content, created_at)
       SELECT $1, $2, gen_random_uuid(), 'Filler', $3 FROM generate_series(1, $4::int)`,
      [id, h.ids.agent, h.clock.now(), DESK_LIMITS.notesPerTicketMax],
    );
    expectFailure(await note(id, 'One too many.'), 409, ERROR_CODES.conflict, DESK_ERRORS.notesFull);
  });
});

describe('the live channel', () => {
  it('writes assignments and notes as events for agents alone, with the change', async () => {
    const id = await newTicket();
    okData('agentInquiryAssign', await assign({ inquiryId: id, assigneeId: h.ids.agent, expectedAssigneeId: null }));
    okData('agentInquiryNote', await note(id, 'For the team only.'));
    // A claim that changes nothing writes no event.
    okData('agentInquiryAssign', await assign({ inquiryId: id, assigneeId: h.ids.agent, expectedAssigneeId: h.ids.agent }));
    const { rows } = await h.db.query<{ kind: string; audience: string; author: string }>(
      "SELECT kind, audience, author FROM ticket_events WHERE ticket_id = $1 AND kind IN ('assigned', 'note') ORDER BY id",
      [id],
    );
    expect(rows).toEqual([
      { kind: 'assigned', audience: 'agents', author: 'agent' },
      { kind: 'note', audience: 'agents', author: 'agent' },
    ]);
  });
});
