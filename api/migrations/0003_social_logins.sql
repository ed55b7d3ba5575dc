-- Social logins in progress (SPEC §6, §7 social login steps; DESIGN §5): one row per start call, holding what the
-- completion call must check or send. The state travels through the browser and the provider, so only its SHA-256
-- is kept; the PKCE verifier and the nonce never leave the server. A row is used once and lives 10 minutes.

CREATE TABLE oauth_logins (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Hex SHA-256 of the state sent to the provider.
  state_hash text NOT NULL CHECK (state_hash ~ '^[0-9a-f]{64}$'),
  provider text NOT NULL CHECK (provider IN ('google', 'apple', 'facebook', 'twitter', 'vk')),
  -- PKCE (S256) verifier of RFC 7636: 43-128 characters.
  code_verifier text NOT NULL CHECK (length(code_verifier) BETWEEN 43 AND 128),
  -- OpenID Connect nonce the ID token must carry; null for plain OAuth 2 providers.
  nonce text CHECK (nonce IS NULL OR length(nonce) BETWEEN 16 AND 128),
  -- The exact redirect_uri of the authorization request, sent again with the code.
  redirect_uri text NOT NULL CHECK (length(redirect_uri) BETWEEN 1 AND 2048),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  CONSTRAINT oauth_logins_state_hash_key UNIQUE (state_hash),
  CHECK (expires_at > created_at)
);

CREATE INDEX oauth_logins_expires_idx ON oauth_logins (expires_at);
