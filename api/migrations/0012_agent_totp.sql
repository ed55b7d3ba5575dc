-- A second factor for agents, who read every ticket (security review #13): a TOTP secret (RFC 6238, base32) that an
-- operator enrols with `pnpm --filter api run agent-totp`, and the last time step a code was accepted for, so one
-- code logs in once. An account with a secret must give a current code with its password.
ALTER TABLE accounts ADD COLUMN totp_secret text CHECK (totp_secret IS NULL OR totp_secret ~ '^[A-Z2-7]{32}$');
ALTER TABLE accounts ADD COLUMN totp_last_step bigint;
