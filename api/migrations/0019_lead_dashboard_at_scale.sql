-- The support lead's dashboard at a publisher's scale (issue 15 item 5): its 30 days at a million tickets took
-- 0.7 s, almost all of it in joining each rating of the range to its ticket, which the planner did by reading every
-- ticket (docs/operations.md "The desk at scale").
--
-- A rating now carries what the dashboard groups it by: its ticket's game and the agent it is put down to (the one
-- holding the ticket, else the last agent who replied; none when no agent held or answered it). Both are final once
-- the ticket is rated: a rating comes after the chat ended, an ended chat takes no message and no change of holder,
-- and a ticket's game never changes. The trigger writes them with every rating, whatever path inserts it, so no
-- rating can carry others; the ratings given before are filled in here.
ALTER TABLE ticket_ratings
  ADD COLUMN game_id integer,
  ADD COLUMN agent_account_id bigint REFERENCES accounts (id) ON DELETE SET NULL;

CREATE FUNCTION ticket_ratings_attribute() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT t.game_id,
         COALESCE(t.assignee_account_id,
                  (SELECT m.author_account_id FROM ticket_messages m WHERE m.ticket_id = t.id AND m.author = 'agent' ORDER BY m.id DESC LIMIT 1))
    INTO NEW.game_id, NEW.agent_account_id
  FROM tickets t WHERE t.id = NEW.ticket_id;
  RETURN NEW;
END;
$$;

CREATE TRIGGER ticket_ratings_attribute BEFORE INSERT ON ticket_ratings FOR EACH ROW EXECUTE FUNCTION ticket_ratings_attribute();

UPDATE ticket_ratings r
SET game_id = t.game_id,
    agent_account_id = COALESCE(t.assignee_account_id,
                                (SELECT m.author_account_id FROM ticket_messages m WHERE m.ticket_id = t.id AND m.author = 'agent' ORDER BY m.id DESC LIMIT 1))
FROM tickets t WHERE t.id = r.ticket_id;

ALTER TABLE ticket_ratings ALTER COLUMN game_id SET NOT NULL;

-- Each figure is then read from one index alone over its range of days (an index-only scan), never from the rows:
-- the ratings with everything they are counted by, and the first answers and ends with the opening they are
-- measured from. They replace migration 0017's indexes on the same columns.
CREATE INDEX ticket_ratings_dashboard_idx ON ticket_ratings (created_at) INCLUDE (score, reasons, game_id, agent_account_id);
CREATE INDEX tickets_first_agent_reply_dashboard_idx ON tickets (first_agent_reply_at) INCLUDE (created_at)
  WHERE first_agent_reply_at IS NOT NULL;
CREATE INDEX tickets_ended_dashboard_idx ON tickets (ended_at) INCLUDE (created_at) WHERE ended_at IS NOT NULL;
DROP INDEX ticket_ratings_created_idx;
DROP INDEX tickets_first_agent_reply_idx;
DROP INDEX tickets_ended_idx;
