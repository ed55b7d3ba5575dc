-- The agents' desk as a helpdesk (issue 15 item 3): first-response and resolution times, assignment, internal notes.
--
-- Times: `first_agent_reply_at` is when an agent first replied, written by the agent's reply in the transaction that
-- adds it (api/src/tickets/messages.ts) and back-filled here from the messages already sent. The resolution moment
-- is `ended_at` (migration 0005), written by whatever ends the chat (the player, an agent, the 24-hour auto-end):
-- first-response time is first_agent_reply_at - created_at, resolution time ended_at - created_at.
--
-- Assignment: `assignee_account_id` is the agent who holds the ticket (null: nobody), `assigned_at` when that last
-- changed. The API changes it only under the ticket's row lock and only from the holder the agent saw (an
-- optimistic check), so two agents never take the same ticket unknowingly; each change is an agents-only event.
--
-- Internal notes: what agents tell each other about a ticket. Players never see them: they live in a table of their
-- own that no player call and no mail reads, and their events are agents-only (never on a player's stream, live or
-- replayed).

ALTER TABLE tickets
  ADD COLUMN first_agent_reply_at timestamptz,
  ADD COLUMN assignee_account_id bigint REFERENCES accounts (id) ON DELETE SET NULL,
  ADD COLUMN assigned_at timestamptz;

UPDATE tickets t SET first_agent_reply_at = m.first_reply
FROM (SELECT ticket_id, min(created_at) AS first_reply FROM ticket_messages WHERE author = 'agent' GROUP BY ticket_id) m
WHERE m.ticket_id = t.id;

ALTER TABLE tickets
  ADD CONSTRAINT tickets_assignment_consistent CHECK (assignee_account_id IS NULL OR assigned_at IS NOT NULL);

CREATE TABLE ticket_notes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ticket_id bigint NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
  author_account_id bigint NOT NULL REFERENCES accounts (id),
  -- A retry of the same note (same agent, same request id) answers with the note it made first.
  request_id uuid NOT NULL,
  content text NOT NULL CHECK (length(content) BETWEEN 1 AND 1000),
  created_at timestamptz NOT NULL,
  CONSTRAINT ticket_notes_request_key UNIQUE (ticket_id, author_account_id, request_id)
);

CREATE INDEX ticket_notes_ticket_idx ON ticket_notes (ticket_id, id);

ALTER TABLE ticket_events DROP CONSTRAINT ticket_events_kind_check;
ALTER TABLE ticket_events ADD CONSTRAINT ticket_events_kind_check
  CHECK (kind IN ('created', 'message', 'status', 'ended', 'rated', 'assigned', 'note'));

CREATE FUNCTION ticket_event_on_assignment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.assignee_account_id IS DISTINCT FROM OLD.assignee_account_id THEN
    INSERT INTO ticket_events (ticket_id, account_id, kind, audience, author, created_at)
    VALUES (NEW.id, NEW.account_id, 'assigned', 'agents', 'agent', NEW.assigned_at);
    PERFORM pg_notify('ticket_events', '');
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER tickets_assignment_events AFTER UPDATE OF assignee_account_id ON tickets
  FOR EACH ROW EXECUTE FUNCTION ticket_event_on_assignment();

CREATE FUNCTION ticket_event_on_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ticket_events (ticket_id, account_id, kind, audience, author, created_at)
  SELECT NEW.ticket_id, t.account_id, 'note', 'agents', 'agent', NEW.created_at FROM tickets t WHERE t.id = NEW.ticket_id;
  PERFORM pg_notify('ticket_events', '');
  RETURN NULL;
END;
$$;

CREATE TRIGGER ticket_notes_events AFTER INSERT ON ticket_notes
  FOR EACH ROW EXECUTE FUNCTION ticket_event_on_note();
