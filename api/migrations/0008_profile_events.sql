-- The security log records a change of the user info (SPEC §3: the birthday set once, the phone number set or
-- changed), so support can tell when and from where a player's details changed.
ALTER TABLE account_events DROP CONSTRAINT account_events_kind_check;
ALTER TABLE account_events ADD CONSTRAINT account_events_kind_check CHECK (kind IN (
  'login', 'logout', 'password_changed', 'password_reset', 'email_bound', 'created', 'profile_updated'
));
