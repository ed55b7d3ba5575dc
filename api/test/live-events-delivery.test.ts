import { randomUUID } from 'node:crypto';
import { LIVE_EVENTS_PATH } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { call } from './api-calls.js';
import { harnessForFile, POSTGRES_URL } from './helpers.js';
import { platformBody, replyBody } from './ticket-bodies.js';
import { agentReply, createTicket } from './tickets-helpers.js';
import { createLiveHarness, isReady, kinds, lastId, openLive, untilSettled } from './live-events-helpers.js';

const harness = harnessForFile(createLiveHarness);

describe('live channel', () => {
  it('refuses a stream without a valid session with the -600 envelope, before any stream starts', async () => {
    for (const token of [null, 'no-such-session']) {
      const response = await harness.app.inject({
        method: 'GET',
        url: LIVE_EVENTS_PATH,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: -600, data: null });
    }
  });

  it("gives a player only their own tickets' events and agents the whole queue, in order, each once", async () => {
    const [owner, other, agent] = await Promise.all([
      openLive(harness, harness.player1),
      openLive(harness, harness.player2),
      openLive(harness, harness.agent),
    ]);
    for (const client of [owner, other, agent]) {
      expect(client.status).toBe(200);
      await client.waitFor(isReady, 'ready');
      expect(JSON.parse(client.messages.find((message) => message.event === 'ready')!.data)).toEqual({ resumed: false });
    }
    const ticket = await createTicket(harness, harness.player1, platformBody());
    await agentReply(harness, ticket);
    const replied = await call(harness, 'inquiryReply', { token: harness.player1, body: replyBody(ticket, 'Still missing.') });
    expect(replied.status).toBe(200);
    await call(harness, 'agentInquiryEnd', { token: harness.agent, body: { inquiryId: ticket } });
    await call(harness, 'inquiryScore', { token: harness.player1, body: { inquiryId: ticket, score: 5, reasons: [], comment: '' } });
    // The other player's own ticket: the positive control that their stream works at all.
    const otherTicket = await createTicket(harness, harness.player2, platformBody());

    const expected = ['created', 'message', 'status', 'message', 'status', 'ended', 'rated'];
    await owner.waitFor(() => kinds(owner.events(), ticket).length === expected.length, "the owner's events");
    await agent.waitFor(() => kinds(agent.events(), otherTicket).length === 1, "the agent's events");
    await other.waitFor(() => other.events().length === 1, "the other player's own event");
    expect(kinds(owner.events(), ticket)).toEqual(expected);
    // The agent's first reply also made the ticket theirs: an event for agents alone.
    expect(kinds(agent.events(), ticket)).toEqual(['created', 'message', 'assigned', 'status', 'message', 'status', 'ended', 'rated']);
    expect(owner.events().find((event) => event.kind === 'ended')).toMatchObject({ status: 'waiting_rating', author: 'agent' });
    expect(
      owner
        .events()
        .filter((event) => event.kind === 'message')
        .map((event) => event.author),
    ).toEqual(['agent', 'player']);
    expect(other.events()).toEqual([expect.objectContaining({ inquiryId: otherTicket, kind: 'created' })]);
    expect(owner.events().some((event) => event.inquiryId === otherTicket)).toBe(false);
    // Ids only ever grow: a client resuming after any of them gets exactly what followed.
    const ids = owner.messages.filter((message) => message.event === 'ticket').map((message) => message.id!);
    expect(new Set(ids).size).toBe(ids.length);
    for (const client of [owner, other, agent]) client.close();
  });

  it('never gives a player an event only agents may see (an internal note, an assignment), live or replayed', async () => {
    const [player, agent] = await Promise.all([openLive(harness, harness.player1), openLive(harness, harness.agent)]);
    await Promise.all([player.waitFor(isReady, 'ready'), agent.waitFor(isReady, 'ready')]);
    const from = lastId(player)!;
    const ticket = await createTicket(harness, harness.player1, platformBody());
    const noted = await call(harness, 'agentInquiryNote', {
      token: harness.agent,
      body: { inquiryId: ticket, requestId: randomUUID(), content: 'For agents only.' },
    });
    expect(noted.status).toBe(200);
    await agentReply(harness, ticket);
    await agent.waitFor(() => kinds(agent.events(), ticket).length === 5, "the agent's five events");
    expect(kinds(agent.events(), ticket)).toEqual(['created', 'note', 'message', 'assigned', 'status']);
    await player.waitFor(() => kinds(player.events(), ticket).length === 3, "the player's three events");
    expect(kinds(player.events(), ticket)).toEqual(['created', 'message', 'status']);
    const replay = await openLive(harness, harness.player1, { lastEventId: from });
    await replay.waitFor(isReady, 'the replay');
    expect(kinds(replay.events(), ticket)).toEqual(['created', 'message', 'status']);
    for (const client of [player, agent, replay]) client.close();
  });

  it('resumes after a drop from the Last-Event-ID: nothing missed, nothing twice, on another replica too', async () => {
    const first = await openLive(harness, harness.player1);
    await first.waitFor(isReady, 'ready');
    const ticket = await createTicket(harness, harness.player1, platformBody());
    await agentReply(harness, ticket, 'Before the drop.');
    await first.waitFor(() => kinds(first.events(), ticket).length === 3, 'the ticket and the reply before the drop');
    const resumeFrom = lastId(first);
    first.close();
    await first.ended;

    // While the player is away (the replica killed, the network gone), the agent answers and ends the chat.
    await agentReply(harness, ticket, 'During the drop.');
    await call(harness, 'agentInquiryEnd', { token: harness.agent, body: { inquiryId: ticket } });
    await untilSettled(harness);

    const second = await openLive(harness, harness.player1, { lastEventId: resumeFrom!, at: harness.replica.base });
    await second.waitFor(isReady, 'ready');
    expect(JSON.parse(second.messages.find((message) => message.event === 'ready')!.data)).toEqual({ resumed: true });
    // The missed events come before `ready`, so the screens are current when it says nothing was missed.
    expect(second.messages.map((message) => message.event)).toEqual(['ticket', 'ticket', 'ready']);
    expect(kinds(second.events(), ticket)).toEqual(['message', 'ended']);

    const other = await createTicket(harness, harness.player1, platformBody());
    await second.waitFor(() => second.events().some((event) => event.inquiryId === other), 'a live event after the replay');
    expect(kinds(second.events(), ticket)).toEqual(['message', 'ended']);
    second.close();
  });

  it('starts afresh from a Last-Event-ID it never wrote', async () => {
    const client = await openLive(harness, harness.player1, { lastEventId: '999999999999-1' });
    await client.waitFor(isReady, 'ready');
    expect(JSON.parse(client.messages[0]!.data)).toEqual({ resumed: false });
    client.close();
  });

  it('delivers an event of a transaction that commits after a later one, before it and once', async () => {
    const client = await openLive(harness, harness.agent);
    await client.waitFor(isReady, 'ready');
    const ticket = await createTicket(harness, harness.player1, platformBody());
    await client.waitFor(() => kinds(client.events(), ticket).length === 1, 'the new ticket');
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The first transaction writes its event and stays open while a later one commits. On PGlite, one backend,
    // the second waits for the first; on PostgreSQL it commits first and must not be delivered before it.
    let written!: () => void;
    const eventWritten = new Promise<void>((resolve) => {
      written = resolve;
    });
    const slow = harness.db.transaction(async (tx) => {
      await tx.query("UPDATE tickets SET status = 'waiting_reply', waiting_since = now(), updated_at = now() WHERE id = $1", [ticket]);
      written();
      await released;
    });
    // The later transaction starts once the first has written, and so drawn its transaction id.
    await eventWritten;
    const later = (harness.replica.db ?? harness.db).query(
      `INSERT INTO ticket_messages (ticket_id, author, author_account_id, request_id, content, created_at)
       VALUES ($1, 'agent', $2, gen_random_uuid(), 'Later transaction', now())`,
      [ticket, harness.ids.agent],
    );
    if (POSTGRES_URL) {
      await later;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(kinds(client.events(), ticket)).toEqual(['created']);
    }
    release();
    await Promise.all([slow, later]);
    await client.waitFor(() => kinds(client.events(), ticket).length === 3, 'both events');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(kinds(client.events(), ticket)).toEqual(['created', 'status', 'message']);
    client.close();
  });
});
