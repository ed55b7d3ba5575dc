-- The support lead's dashboard (issue 15 item 4).
--
-- The lead's permission: an agent with `lead` may open the dashboard of the whole desk's figures (tickets opened
-- and ended per day, first-response and resolution times, CSAT); only an agent can have it. Operators give it with
-- `create-account -- --role agent --lead`; the demo data has lead1.
--
-- The dashboard reads tickets by the day something happened to them: opened (created_at), first answered
-- (first_agent_reply_at, migration 0014), ended (ended_at) and rated (ticket_ratings.created_at). Each gets an
-- index, so a range of days reads that range's rows and not the whole table.

ALTER TABLE accounts ADD COLUMN lead boolean NOT NULL DEFAULT false;
ALTER TABLE accounts ADD CONSTRAINT accounts_lead_is_agent CHECK (NOT lead OR role = 'agent');

CREATE INDEX tickets_created_idx ON tickets (created_at);
CREATE INDEX tickets_first_agent_reply_idx ON tickets (first_agent_reply_at) WHERE first_agent_reply_at IS NOT NULL;
CREATE INDEX tickets_ended_idx ON tickets (ended_at) WHERE ended_at IS NOT NULL;
CREATE INDEX ticket_ratings_created_idx ON ticket_ratings (created_at);
