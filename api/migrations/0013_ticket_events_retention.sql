-- ticket_events is a resume log, not a history: rows older than the live channel's retention are deleted (by one
-- replica at a time). A stream resuming from a position before the last deleted row could have missed events,
-- so it starts afresh instead (`resumed: false`, and the screens fetch what they show again); this row remembers
-- that position.
CREATE TABLE ticket_events_pruned (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  tx bigint NOT NULL,
  id bigint NOT NULL
);

INSERT INTO ticket_events_pruned (tx, id) VALUES (0, 0);
