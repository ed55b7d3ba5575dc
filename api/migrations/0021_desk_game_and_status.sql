-- The desk's queue filtered by a game and a status at once (issue 15 item 5): at a million tickets over eight games
-- it took 80 ms at p50 and 130 at p95, where every other filter took 15 to 20. Migration 0016's indexes lead with one
-- of the two, so counting the matches (to 10,001) read each of the game's tickets, an eighth of the desk, to keep
-- the tenth in that status: with fewer matches than the count's cap, as a status of one game often has, that is
-- every ticket of the game. Led by both, the count reads only the matches, and the page its twenty in the queue's
-- order (waiting tickets first, then by their last update), as 0016's indexes serve each filter alone.
CREATE INDEX tickets_queue_game_status_idx ON tickets (game_id, status, waiting_since, updated_at, id) INCLUDE (assignee_account_id);
