-- The live channel of issue 15: every change players and agents see on a ticket (a new ticket, a message, a
-- status change, an end, a rating) is written here by triggers, in the transaction that makes the change, so no
-- code path (the API's calls, open_ticket, the auto-end job, a script) can change a ticket without its event.
-- Each API replica reads the table after a NOTIFY on channel ticket_events and pushes the rows to its streams; a
-- stream that dropped resumes after the last row it got (Last-Event-ID), on any replica.
--
-- Order and resume: `id` comes from a sequence, but transactions commit in another order than they drew their ids,
-- so a reader that went past id 11 could later see id 10 commit. Rows are therefore read in (tx, id) order, tx
-- being the writing transaction's id, and only rows of transactions older than every transaction still running
-- (pg_snapshot_xmin): any row committed later has a larger tx than all rows read so far, so a cursor (tx, id) never
-- skips one and never repeats one.
CREATE TABLE ticket_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tx bigint NOT NULL DEFAULT (pg_current_xact_id()::text::bigint),
  ticket_id bigint NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
  -- The ticket's owner: a player's stream carries only the events of their own tickets.
  account_id bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('created', 'message', 'status', 'ended', 'rated')),
  -- 'agents': never sent to the player (internal notes); 'all': the owner and the agents.
  audience text NOT NULL DEFAULT 'all' CHECK (audience IN ('all', 'agents')),
  -- The ticket's status after the change; null for a message (the status change it causes is an event of its own).
  status text,
  message_id bigint,
  -- Who caused it: the player, an agent, or the system (the 24-hour auto-end).
  author text CHECK (author IN ('player', 'agent', 'system')),
  created_at timestamptz NOT NULL
);

CREATE INDEX ticket_events_order_idx ON ticket_events (tx, id);
CREATE INDEX ticket_events_account_idx ON ticket_events (account_id, tx, id);
CREATE INDEX ticket_events_created_idx ON ticket_events (created_at);

CREATE FUNCTION ticket_event_on_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ticket_events (ticket_id, account_id, kind, status, author, created_at)
    VALUES (NEW.id, NEW.account_id, 'created', NEW.status, 'player', NEW.created_at);
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO ticket_events (ticket_id, account_id, kind, status, author, created_at)
    VALUES (
      NEW.id, NEW.account_id,
      CASE NEW.status WHEN 'waiting_rating' THEN 'ended' WHEN 'ended' THEN 'rated' ELSE 'status' END,
      NEW.status,
      CASE NEW.status WHEN 'waiting_rating' THEN NEW.ended_by WHEN 'ended' THEN 'player' ELSE NULL END,
      NEW.updated_at
    );
  ELSE
    RETURN NULL;
  END IF;
  -- One notification per transaction whatever the number of rows: PostgreSQL folds identical ones.
  PERFORM pg_notify('ticket_events', '');
  RETURN NULL;
END;
$$;

CREATE TRIGGER tickets_events AFTER INSERT OR UPDATE OF status ON tickets
  FOR EACH ROW EXECUTE FUNCTION ticket_event_on_ticket();

CREATE FUNCTION ticket_event_on_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ticket_events (ticket_id, account_id, kind, message_id, author, created_at)
  SELECT NEW.ticket_id, t.account_id, 'message', NEW.id, NEW.author, NEW.created_at FROM tickets t WHERE t.id = NEW.ticket_id;
  PERFORM pg_notify('ticket_events', '');
  RETURN NULL;
END;
$$;

CREATE TRIGGER ticket_messages_events AFTER INSERT ON ticket_messages
  FOR EACH ROW EXECUTE FUNCTION ticket_event_on_message();
