/**
 * A second agent, beside the demo agent1, for the desk's assignment tests (desk-assignment.spec.ts). Created with
 * the operator command before the API starts (playwright.config.ts, create-accounts.ts).
 */
export const DESK_ACCOUNTS = {
  secondAgent: { account: 'e2e-desk-agent', password: 'e2e-desk-agent-pass1', email: null, role: 'agent' },
} as const;
