/**
 * Players of the inquiry-form tests (tickets persist for the whole API run), created with the operator command
 * before the API starts (playwright.config.ts).
 */
export const INQUIRY_ACCOUNTS = {
  /** Fills the form, attaches files and sends one inquiry; its bound e-mail fills the contact. */
  fillsForm: { account: 'e2e-inquiry-form', password: 'e2e-inquiry-form-pass1', email: 'e2e-inquiry-form@e2e.example' },
  /** Has tickets in progress (the unresolved choice) and fills the agents' queue past the long-queue threshold. */
  hasOpenTickets: { account: 'e2e-inquiry-open', password: 'e2e-inquiry-open-pass1', email: null },
  /** Attaches two phone screenshots on a phone, in English and in Arabic (their uploads count against no one else's). */
  attachesOnPhone: { account: 'e2e-inquiry-phone', password: 'e2e-inquiry-phone-pass1', email: null },
  /** Attaches and removes files again and again: no other test holds uploads of this player. */
  discardsUploads: { account: 'e2e-inquiry-discard', password: 'e2e-inquiry-discard-pass1', email: null },
  /** Uploads and discards files until the API's upload quota over the hour refuses one: no other test uploads as it. */
  reachesUploadQuota: { account: 'e2e-upload-quota', password: 'e2e-upload-quota-pass1', email: 'e2e-upload-quota@e2e.example' },
  /** Takes every one of its places for files not attached yet (LIMITS.pendingUploadsMax): no other test uploads as it. */
  takesEveryUploadPlace: { account: 'e2e-upload-places', password: 'e2e-upload-places-pass1', email: null },
  /** Sends an inquiry and adds information that the edge first refuses past its request limits, then sends them. */
  meetsEdgeLimit: { account: 'e2e-edge-limit', password: 'e2e-edge-limit-pass1', email: null },
  /** Goes through the whole loop once: asks, is answered, reads, adds information, ends and rates. */
  followsLoop: { account: 'e2e-loop', password: 'e2e-loop-pass1', email: null },
  /** Opens as many tickets as a player may have open at once (LIMITS.openTicketsMax). */
  reachesOpenLimit: { account: 'e2e-open-limit', password: 'e2e-open-limit-pass1', email: null },
  /** Has one chat ended by the 24-hour auto-end: the demo players reach the open-inquiry limit in a whole run. */
  autoEnded: { account: 'e2e-auto-end', password: 'e2e-auto-end-pass1', email: null },
} as const;
