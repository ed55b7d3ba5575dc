-- Agents' authenticator secrets are stored sealed (security review 2 #4): AES-256-GCM under TOTP_SECRET_KEY with the
-- account's id as associated data, written `v1:` and base64url of the nonce, the ciphertext and the tag (80
-- characters for a 160-bit secret; api/src/identity/totp-secrets.ts). A migration has no key, so a secret enrolled
-- before stays plain base32 until the API seals it at its next start (every replica may, each value is sealed once).
ALTER TABLE accounts DROP CONSTRAINT accounts_totp_secret_check;
ALTER TABLE accounts ADD CONSTRAINT accounts_totp_secret_check
  CHECK (totp_secret IS NULL OR totp_secret ~ '^v1:[A-Za-z0-9_-]{80}$' OR totp_secret ~ '^[A-Z2-7]{32}$');
