-- Player and agent accounts, their sessions, e-mailed codes, brute-force throttling and a security log
-- (SPEC §3 login state and user info, §6 logins and roles; DESIGN §5). Times are written by the API from its own
-- clock (never the column defaults alone), so tests can move time forward without sleeping.

CREATE TABLE accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The login name as the player chose it; unique ignoring case (see accounts_account_key).
  account text NOT NULL CHECK (length(account) BETWEEN 1 AND 64),
  -- PLATFORM: an official account with a password. THIRD_PARTY: created by a social login (account_identities).
  type text NOT NULL CHECK (type IN ('PLATFORM', 'THIRD_PARTY')),
  -- agent: customer-service staff (DESIGN §5); they log in like players.
  role text NOT NULL DEFAULT 'player' CHECK (role IN ('player', 'agent')),
  -- argon2id PHC string; null only for social accounts, which have no password.
  password_hash text CHECK (password_hash IS NULL OR password_hash LIKE '$argon2id$%'),
  -- Bound (verified) address; unique ignoring case (see accounts_email_key).
  email text CHECK (email IS NULL OR length(email) BETWEEN 3 AND 254),
  phone text CHECK (phone IS NULL OR length(phone) BETWEEN 1 AND 32),
  birthday date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT accounts_platform_has_password CHECK (type = 'THIRD_PARTY' OR password_hash IS NOT NULL)
);

CREATE UNIQUE INDEX accounts_account_key ON accounts (lower(account));
CREATE UNIQUE INDEX accounts_email_key ON accounts (lower(email)) WHERE email IS NOT NULL;

-- The (provider, subject) a social login proves, linked to the account it signs in to. A THIRD_PARTY account is
-- created with its first identity; more can be linked to one account later.
CREATE TABLE account_identities (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('google', 'apple', 'facebook', 'twitter', 'vk')),
  -- The provider's stable user id (OpenID Connect `sub`, or the provider's user id).
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT account_identities_provider_subject_key UNIQUE (provider, subject)
);

CREATE INDEX account_identities_account_idx ON account_identities (account_id);

-- Login sessions. Only the SHA-256 of the bearer token is kept: a leaked table logs nobody in.
CREATE TABLE sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  -- Hex SHA-256 of the token.
  token_hash text NOT NULL CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  -- Updated at most every few minutes, not on every call.
  last_seen_at timestamptz,
  CONSTRAINT sessions_token_hash_key UNIQUE (token_hash),
  CHECK (expires_at > created_at)
);

CREATE INDEX sessions_account_idx ON sessions (account_id) WHERE revoked_at IS NULL;

-- Six-digit codes sent by e-mail: binding an address, resetting a password. Stored hashed; a code is usable while
-- it is neither consumed nor invalidated (a newer code, or too many wrong tries), not expired, and has tries left.
CREATE TABLE verification_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('bind_email', 'reset_password')),
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  -- The address the code was sent to; only that address can use it.
  email text NOT NULL,
  code_hash text NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  -- Every check counts, right or wrong; at the limit the code is dead.
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  consumed_at timestamptz,
  invalidated_at timestamptz
);

CREATE INDEX verification_codes_live_idx ON verification_codes (account_id, purpose)
  WHERE consumed_at IS NULL AND invalidated_at IS NULL;

-- Brute-force and abuse throttling shared by every API replica: one row per counted event (a failed login, a code
-- sent, a wrong code) in a bucket such as login_account or code_send_ip, keyed by account name, e-mail, account id
-- or client address. Counted over a sliding window; rows older than a day are purged as new ones arrive.
CREATE TABLE auth_throttle (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bucket text NOT NULL CHECK (length(bucket) BETWEEN 1 AND 32),
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 300),
  at timestamptz NOT NULL
);

CREATE INDEX auth_throttle_key_idx ON auth_throttle (bucket, key, at);
CREATE INDEX auth_throttle_at_idx ON auth_throttle (at);

-- What happened to an account and from where, for support and incident review. Never holds secrets.
CREATE TABLE account_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN (
    'login', 'logout', 'password_changed', 'password_reset', 'email_bound', 'created'
  )),
  ip text,
  at timestamptz NOT NULL
);

CREATE INDEX account_events_account_idx ON account_events (account_id, at);
