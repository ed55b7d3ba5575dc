import { randomUUID } from 'node:crypto';
import { loginToken } from './identity-helpers.js';
import { accountIdOf, type TicketHarness } from './tickets-helpers.js';

/** The range the known tickets' figures are worked out for. */
export const RANGE = '?from=2025-03-10&to=2025-03-12';

export async function leadToken(h: TicketHarness): Promise<string> {
  return loginToken(h, 'lead1', 'lead1-pass');
}

export async function gameName(h: TicketHarness, id: number): Promise<string> {
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
async function seedTicket(h: TicketHarness, ticket: SeededTicket): Promise<number> {
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
async function seedKnownTickets(h: TicketHarness): Promise<void> {
  const [agent, lead] = [await accountIdOf(h.db, 'agent1'), await accountIdOf(h.db, 'lead1')];
  // In the range: first response 300 s, resolved in 3,600 s, 5 stars.
  await seedTicket(h, {
    gameId: 1,
    createdAt: '2025-03-10T08:00:00Z',
    replies: [{ by: agent, at: '2025-03-10T08:05:00Z' }],
    endedAt: '2025-03-10T09:00:00Z',
    rating: { score: 5, at: '2025-03-10T09:05:00Z' },
  });
  // 900 s, ended the next day after 86,400 s, 2 stars for two reasons.
  await seedTicket(h, {
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
  await seedTicket(h, {
    gameId: 2,
    createdAt: '2025-03-11T12:00:00Z',
    replies: [{ by: agent, at: '2025-03-11T13:00:00Z' }],
    assignee: lead,
    endedAt: '2025-03-11T14:00:00Z',
    rating: { score: 4, at: '2025-03-11T14:05:00Z' },
  });
  // Answered in 30 s, still open.
  await seedTicket(h, { gameId: 1, createdAt: '2025-03-12T09:00:00Z', replies: [{ by: lead, at: '2025-03-12T09:00:30Z' }] });
  // Opened and answered the day before the range, ended (7,200 s) and rated 1 star in it.
  await seedTicket(h, {
    gameId: 2,
    createdAt: '2025-03-09T23:00:00Z',
    replies: [{ by: agent, at: '2025-03-09T23:10:00Z' }],
    endedAt: '2025-03-10T01:00:00Z',
    rating: { score: 1, reasons: ['slow'], at: '2025-03-10T01:05:00Z' },
  });
  // The day after the range: counts nowhere.
  await seedTicket(h, { gameId: 1, createdAt: '2025-03-13T00:00:00Z' });
  // Ended by the player before any agent answered (1,800 s), 3 stars without a reason: in no agent's CSAT.
  await seedTicket(h, {
    gameId: 1,
    createdAt: '2025-03-12T20:00:00Z',
    endedAt: '2025-03-12T20:30:00Z',
    rating: { score: 3, at: '2025-03-12T20:35:00Z' },
  });
}

const seeded = new WeakMap<TicketHarness, Promise<void>>();

/** The known tickets, seeded once per harness (the tests that read them run in any order). */
export function knownTickets(h: TicketHarness): Promise<void> {
  let done = seeded.get(h);
  if (!done) {
    done = seedKnownTickets(h);
    seeded.set(h, done);
  }
  return done;
}
