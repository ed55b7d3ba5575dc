/**
 * A second agent, beside the demo agent1, for the desk's assignment tests (desk-assignment.spec.ts). Created with
 * the operator command before the API starts (playwright.config.ts, create-accounts.ts).
 */
export const DESK_ACCOUNTS = {
  secondAgent: { account: 'e2e-desk-agent', password: 'e2e-desk-agent-pass1', email: null, role: 'agent' },
  /** A player whose tickets the assignment test hands between agents (the demo players' open tickets are limited). */
  assignsPlayer: { account: 'e2e-desk-player', password: 'e2e-desk-player-pass1', email: null },
  /** An agent with a second factor (the operator's agent-totp), whose secret the set-up writes to TOTP_SECRET_FILE. */
  twoFactorAgent: { account: 'e2e-totp-agent', password: 'e2e-totp-agent-pass1', email: null, role: 'agent' },
} as const;
