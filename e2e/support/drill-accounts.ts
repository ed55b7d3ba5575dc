/**
 * Players of the fault drills (drills-faults.spec.ts): their drafts and tickets are theirs alone. Created with the
 * operator command before the API starts (playwright.config.ts).
 */
export const DRILL_ACCOUNTS = {
  /** Sends one inquiry through an API that is down, answers 500 and is too slow, then one through a -600. */
  sendsThroughFaults: { account: 'e2e-drill-faults', password: 'e2e-drill-faults-pass1', email: 'e2e-drill-faults@e2e.example' },
} as const;
