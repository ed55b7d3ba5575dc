-- The agents' desk at a publisher's scale (issue 15 item 5): millions of tickets, every query of the desk answered
-- from an index instead of by reading or sorting every ticket. Figures before and after: docs/operations.md "The
-- desk at scale" (npm run bench, BENCH_ONLY=deskScale).
--
-- The queue's order. Tickets an agent owes a message come first, longest waiting first, then the rest by their
-- last update (api/src/tickets/desk-queue.ts). `waiting_since` is set exactly while an agent owes the next message
-- (tickets_waiting_consistent, migration 0005), so that order is `waiting_since NULLS LAST, updated_at, id`: an
-- ascending B-tree on those columns holds the queue already sorted. A page is then read from the index, not by
-- sorting every ticket, and the filters by status, game and holder each have the same order after their column.
-- Each also carries the other filters' columns (INCLUDE), so two filters together (a game's replied tickets) and
-- the count of their matches are read from the index alone, without visiting each ticket's row to test the second.
CREATE INDEX tickets_queue_idx ON tickets (waiting_since, updated_at, id) INCLUDE (status, game_id, assignee_account_id);
CREATE INDEX tickets_queue_status_idx ON tickets (status, waiting_since, updated_at, id) INCLUDE (game_id, assignee_account_id);
CREATE INDEX tickets_queue_game_idx ON tickets (game_id, waiting_since, updated_at, id) INCLUDE (status, assignee_account_id);
CREATE INDEX tickets_queue_assignee_idx ON tickets (assignee_account_id, waiting_since, updated_at, id) INCLUDE (status, game_id);
CREATE INDEX tickets_queue_unassigned_idx ON tickets (waiting_since, updated_at, id) INCLUDE (status, game_id)
  WHERE assignee_account_id IS NULL;

-- The keyword search: a text found anywhere, ignoring case, in the title, the question or the owner's account name,
-- in any of the 16 languages. Trigram indexes (pg_trgm) answer `ILIKE '%...%'` for every script, CJK and Thai
-- included, which have no spaces for a word-based full-text search to split on; a keyword of one or two characters
-- has no trigram and is still found by reading the tickets. pg_trgm ships with PostgreSQL (contrib) and is a
-- trusted extension, which the database's owner may create; the API's embedded PGlite loads it too
-- (api/src/db/pglite.ts). On a server without it the indexes are left out and search works unindexed.
DO $$
DECLARE
  trgm_schema text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    RETURN;
  END IF;
  -- In public rather than the first schema of the search path: an API kept in a schema of its own (as each API test
  -- is) would otherwise take the extension, and with it every other schema's trigram indexes, when dropped.
  CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
  SELECT extnamespace::regnamespace::text INTO trgm_schema FROM pg_extension WHERE extname = 'pg_trgm';
  EXECUTE format('CREATE INDEX tickets_title_trgm_idx ON tickets USING gin (title %s.gin_trgm_ops)', trgm_schema);
  EXECUTE format('CREATE INDEX tickets_content_trgm_idx ON tickets USING gin (content %s.gin_trgm_ops)', trgm_schema);
  EXECUTE format('CREATE INDEX accounts_account_trgm_idx ON accounts USING gin (account %s.gin_trgm_ops)', trgm_schema);
END;
$$;
