-- The security log records a "log out of all other devices" (security review, ASVS 3.3.4): the player ended every
-- other session of the account, so support can tell when and from where a phone or a shared computer was logged out.
ALTER TABLE account_events DROP CONSTRAINT account_events_kind_check;
ALTER TABLE account_events ADD CONSTRAINT account_events_kind_check CHECK (kind IN (
  'login', 'logout', 'other_sessions_ended', 'password_changed', 'password_reset', 'email_bound', 'created',
  'profile_updated'
));
