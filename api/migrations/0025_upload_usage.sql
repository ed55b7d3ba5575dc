-- The upload quota per account over time (security review): the pending-upload cap (LIMITS.pendingUploadsMax)
-- bounds how many files an account holds, not how many it sends, and uploading then discarding went on for ever.
-- Every upload that was given a place is recorded here when it starts, with the bytes it may bring (its declared
-- Content-Length, at most the attachment limit), corrected to the bytes received once they are in. A discard, an
-- expiry or a refusal after reading removes the `files` row but not this one, so the upload still counts within the
-- quota's window (api/src/files/upload-quota.ts); the hourly upload cleanup deletes rows older than the window.
CREATE TABLE upload_usage (
  -- The upload's `files` id, which may be gone since.
  file_id uuid PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  bytes bigint NOT NULL CHECK (bytes >= 0),
  at timestamptz NOT NULL
);

-- An account's uploads within the window, counted under its row lock before each upload.
CREATE INDEX upload_usage_account_idx ON upload_usage (account_id, at);
-- The cleanup's pruning of rows past the window.
CREATE INDEX upload_usage_at_idx ON upload_usage (at);
