/** Business constants of SPEC §5 and §9. Messages interpolate these, so no locale can state another limit. */
export const LIMITS = {
  titleMin: 2,
  titleMax: 100,
  contentMin: 10,
  contentMax: 400,
  attachmentsMax: 3,
  attachmentBytesMax: 20 * 1024 * 1024,
  videosMax: 1,
  autoEndHours: 24,
} as const;

export const TIMINGS = {
  toastMs: 2_000,
  carouselIntervalMs: 3_000,
  feedbackPollMs: 60_000,
  searchDebounceMs: 500,
  chunkLoadTimeoutMs: 120_000,
} as const;

/** Ticket types of SPEC §3. */
export const TICKET_TYPES = { official: '1', platform: '0' } as const;

/** Upper bounds the API applies to identifiers and free text it did not define itself. */
export const INPUT_BOUNDS = {
  idMax: 2_147_483_647,
  clientIdMaxLength: 64,
  errorMessageMaxLength: 2_000,
} as const;
