import { LANGUAGES, RATING_REASONS } from 'shared-contracts';
import type { Queryable } from 'api/testing';
import { AGENT_MESSAGES, PLAYER_MESSAGES, TEXTS } from './desk-seed-texts.js';

/**
 * A publisher's desk in bulk for the desk-at-scale bench (issue 15 item 5): players, tickets in the 16 languages over
 * the catalogue's games and places, their messages and ratings, written by the database itself (generate_series),
 * never row by row through the API, so a million tickets take minutes. Rows are valid by construction (the same
 * checks hold); the seeding session skips triggers and foreign-key checks (`session_replication_role = replica`),
 * so no live-channel event is written for tickets nobody is watching.
 */

/** The prefix of every bench player's account name; `${PLAYER_PREFIX}${n}` is one to search for. */
export const PLAYER_PREFIX = 'desk-player-';
/** Tickets each player has on average. */
export const TICKETS_PER_PLAYER = 10;

/**
 * Each ticket's question ends with an order number unique to it (`ORD-0000042`), the kind of keyword an agent
 * pastes from a payment report: a search for one matches one ticket.
 */
export const orderNumber = (ticket: number) => `ORD-${String(ticket).padStart(7, '0')}`;

export interface SeedStep {
  /** Tickets numbered [from, to] are added (1-based, in order over every step). */
  from: number;
  to: number;
  /** The number the newest ticket of the whole seed will have: ticket n is (last - n) minutes old. */
  last: number;
  /** The desk's agents: every third ticket is nobody's, the others are held by one of them in turn. */
  agentIds: readonly number[];
  passwordHash: string;
}

/**
 * Adds the players of tickets [from, to] (one per TICKETS_PER_PLAYER tickets) and the tickets themselves with their
 * messages and ratings. Ticket n belongs to one of its step's players, is about one of the catalogue's places or
 * (every fourth) the platform, is written in LANGUAGES[n % 16], and has a status by its number: three in four ended,
 * one in ten waiting for an agent. Two in three are held by one of the agents; three in four of the ended ones are
 * rated, the one and two star ratings with a reason.
 */
export async function seedDeskStep(q: Queryable, step: SeedStep): Promise<{ tickets: number; messages: number }> {
  const languages = [...LANGUAGES];
  const titles = languages.flatMap((language) => TEXTS[language].titles);
  const questions = languages.flatMap((language) => TEXTS[language].questions);
  const players = Math.ceil((step.to - step.from + 1) / TICKETS_PER_PLAYER);
  const firstPlayer = Math.ceil(step.from / TICKETS_PER_PLAYER);
  await q.query(
    `INSERT INTO accounts (account, type, role, password_hash, created_at, updated_at)
     SELECT $1 || p, 'PLATFORM', 'player', $2, now(), now() FROM generate_series($3::int, $4::int) p`,
    [PLAYER_PREFIX, step.passwordHash, firstPlayer, firstPlayer + players - 1],
  );
  const { rows: before } = await q.query<{ last: string | number }>('SELECT coalesce(max(id), 0) AS last FROM tickets');
  const lastBefore = Number(before[0]?.last ?? 0);
  const { rowCount: tickets } = await q.query(
    `WITH places AS (
       SELECT array_agg(game_id ORDER BY game_id, server_id, id) AS games,
              array_agg(server_id ORDER BY game_id, server_id, id) AS servers,
              array_agg(id ORDER BY game_id, server_id, id) AS areas
       FROM game_areas),
     catalogue AS (SELECT array_agg(id ORDER BY id) AS games FROM games),
     categories AS (SELECT array_agg(id ORDER BY id) AS ids FROM inquiry_categories),
     step_players AS (SELECT min(id) AS first FROM accounts WHERE account = $1 || $2::int),
     numbered AS (
       SELECT n, (n * 37) % 100 AS fate, now() - ($4::int - n) * interval '1 minute' AS created,
              n % 4 = 0 AS platform, (n / 16) % 4 AS variant
       FROM generate_series($5::int, $6::int) n),
     shaped AS (
       SELECT n, created, platform, variant, fate,
              CASE WHEN fate < 75 THEN 'ended' WHEN fate < 80 THEN 'waiting_rating' WHEN fate < 90 THEN 'replied'
                   WHEN fate < 97 THEN 'processing' ELSE 'waiting_reply' END AS status,
              created + (n % 48) * interval '1 hour' AS updated,
              1 + (n::bigint * 7919) % cardinality(places.games) AS place
       FROM numbered, places)
     INSERT INTO tickets (account_id, request_id, ticket_type, game_id, server_id, area_id, role_id, role_name, category_id,
                          title, content, contact_kind, contact, lang, status, created_at, updated_at, waiting_since,
                          last_agent_reply_at, first_agent_reply_at, feedback_at, ended_by, ended_at, assignee_account_id, assigned_at)
     SELECT step_players.first + (n::bigint * 7919) % $3::int, gen_random_uuid(), CASE WHEN platform THEN '0' ELSE '1' END,
            CASE WHEN platform THEN catalogue.games[1 + n % cardinality(catalogue.games)] ELSE places.games[place] END,
            CASE WHEN platform THEN NULL ELSE places.servers[place] END,
            CASE WHEN platform THEN NULL ELSE places.areas[place] END,
            CASE WHEN platform THEN NULL ELSE 'r' || n END,
            CASE WHEN platform THEN NULL ELSE 'Hero' || n % 1000 END,
            categories.ids[1 + n % cardinality(categories.ids)],
            ($7::text[])[1 + (n % 16) * 4 + variant], ($8::text[])[1 + (n % 16) * 4 + variant] || ' ' || 'ORD-' || lpad(n::text, 7, '0'),
            'email', 'player' || n || '@example.com', ($9::text[])[1 + n % 16], status, created, updated,
            CASE WHEN status IN ('processing', 'waiting_reply') THEN created + (n % 5) * interval '1 minute' END,
            CASE WHEN status <> 'processing' THEN created + interval '30 minutes' END,
            CASE WHEN status <> 'processing' THEN created + interval '10 minutes' END,
            CASE WHEN status = 'replied' THEN created + interval '30 minutes' END,
            CASE WHEN status IN ('ended', 'waiting_rating') THEN (ARRAY['player', 'agent', 'system'])[1 + n % 3] END,
            CASE WHEN status IN ('ended', 'waiting_rating') THEN updated END,
            CASE WHEN n % 3 <> 0 THEN ($10::bigint[])[1 + n % cardinality($10::bigint[])] END,
            CASE WHEN n % 3 <> 0 THEN created + interval '5 minutes' END
     FROM shaped, places, catalogue, categories, step_players`,
    [PLAYER_PREFIX, firstPlayer, players, step.last, step.from, step.to, titles, questions, languages, step.agentIds],
  );
  const { rowCount: messages } = await q.query(
    `INSERT INTO ticket_messages (ticket_id, author, author_account_id, request_id, content, created_at)
     SELECT t.id, CASE WHEN k % 2 = 1 THEN 'agent' ELSE 'player' END,
            CASE WHEN k % 2 = 1 THEN coalesce(t.assignee_account_id, $2::bigint) ELSE t.account_id END, gen_random_uuid(),
            CASE WHEN k % 2 = 1 THEN ($3::text[])[1 + t.id % 3] ELSE ($4::text[])[1 + t.id % 3] END,
            t.created_at + k * interval '10 minutes'
     FROM tickets t, generate_series(1, 1 + (t.id % 3)::int) k
     WHERE t.id > $1 AND (t.status <> 'processing' OR k % 2 = 0)`,
    [lastBefore, step.agentIds[0] ?? null, AGENT_MESSAGES, PLAYER_MESSAGES],
  );
  await q.query(
    // The game and the agent a rating counts for, as the trigger of migration 0019 writes them (off while seeding):
    // the agent holding the ticket, else the last agent who replied (found for all the step's tickets at once, the
    // messages' indexes being built only after the seed).
    `WITH last_agent AS (
       SELECT DISTINCT ON (ticket_id) ticket_id, author_account_id FROM ticket_messages
       WHERE ticket_id > $1 AND author = 'agent' ORDER BY ticket_id, id DESC)
     INSERT INTO ticket_ratings (ticket_id, score, reasons, comment, created_at, game_id, agent_account_id)
     SELECT t.id, 1 + t.id % 5, CASE WHEN t.id % 5 < 2 THEN ARRAY[($2::text[])[1 + t.id % cardinality($2::text[])]] ELSE '{}' END, '',
            t.ended_at + interval '5 minutes', t.game_id, COALESCE(t.assignee_account_id, last_agent.author_account_id)
     FROM tickets t LEFT JOIN last_agent ON last_agent.ticket_id = t.id
     WHERE t.id > $1 AND t.status = 'ended' AND t.id % 4 <> 0`,
    [lastBefore, [...RATING_REASONS]],
  );
  // The dashboard's days (migration 0023), which its trigger, off while seeding, would have kept.
  await q.query('SELECT lead_dashboard_days_rebuild()');
  return { tickets, messages };
}
