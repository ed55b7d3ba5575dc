-- Sessions end after a while without use (security review #9): each keeps the idle time its kind allows
-- (ACCOUNT_RULES: shorter without remember me, shortest for agents) and whether it was remembered, so a
-- password change's fresh session keeps the same kind. Sessions started before this, and rows written by other
-- tools (the bench's players), get a remembered player's.
ALTER TABLE sessions ADD COLUMN remember boolean NOT NULL DEFAULT true;
ALTER TABLE sessions ADD COLUMN idle_timeout_seconds integer NOT NULL DEFAULT 604800 CHECK (idle_timeout_seconds > 0);
