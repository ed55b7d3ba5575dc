-- A social login completes only in the browser that started it (security review #7): the start sets a random
-- value in a __Host- cookie and keeps its SHA-256 here, and the completion must bring the same cookie. Logins
-- started before this have none and could never complete: they are dropped (they live 10 minutes anyway).
DELETE FROM oauth_logins;
ALTER TABLE oauth_logins ADD COLUMN binding_hash text NOT NULL CHECK (binding_hash ~ '^[0-9a-f]{64}$');
