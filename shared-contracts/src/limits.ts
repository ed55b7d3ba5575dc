/** Business constants of SPEC §5 and §9. Messages interpolate these, so no locale can state another limit. */
export const LIMITS = {
  titleMin: 2,
  titleMax: 100,
  contentMin: 10,
  contentMax: 400,
  /**
   * Words the inquiry's question detail (the form's description) must have at least: SPEC §5's two-word minimum,
   * applied where one word says too little to act on. Counted with Intl.Segmenter (textWords).
   */
  contentWordsMin: 2,
  attachmentsMax: 3,
  attachmentBytesMax: 20 * 1024 * 1024,
  videosMax: 1,
  autoEndHours: 24,
  /** Adding information to a ticket (step four) and an agent's reply. */
  replyMin: 1,
  replyMax: 400,
  /** Uploaded files not yet attached to a ticket that one player may hold; older ones are cleaned up. */
  pendingUploadsMax: 10,
  pendingUploadHours: 24,
  /** Tickets one player may have open (no reply, replied or waiting for an agent) at once. */
  openTicketsMax: 10,
  /** `/inquiries/list` answers this many of the player's newest tickets. */
  inquiryListMax: 100,
  /** Messages (player and agent) one ticket holds after its question; a longer matter gets a new ticket. */
  ticketMessagesMax: 200,
  /** A chat is rated from scoreMin to scoreMax stars. */
  scoreMin: 1,
  scoreMax: 5,
  /** A rating at or under this score asks for reasons (skippable). */
  lowScoreMax: 3,
  ratingCommentMax: 400,
  /** Phone numbers in international form: + and 7 to 15 digits (E.164). */
  phoneDigitsMin: 7,
  phoneDigitsMax: 15,
  /** A canned reply's title on the agents' desk (its text fits in one reply: at most replyMax characters). */
  cannedReplyTitleMax: 80,
  /** Canned replies one language holds: the desk's picker lists them all, so the list stays one an agent can scan. */
  cannedRepliesPerLanguageMax: 200,
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

/** Identifiers the games and game clients define (client ids, server, region and character ids): letters, digits, `_`, `-`. */
export const ID_TEXT_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Upper bounds the API applies to identifiers and free text it did not define itself. */
export const INPUT_BOUNDS = {
  idMax: 2_147_483_647,
  clientIdMaxLength: 64,
  errorMessageMaxLength: 2_000,
  /** Help-topic search text (`/faqs?keyword=`); longer input is refused, not cut. */
  faqKeywordMaxLength: 100,
  /** Server, region and character ids (`s12`, `asia`, `r1001`). */
  supportIdMaxLength: 32,
  /** Role names as the game reports them. */
  roleNameMaxLength: 64,
  /** Uploaded file names as kept and shown (longer names are shortened, keeping the extension). */
  fileNameMaxLength: 120,
  /** Agent ticket search text. */
  agentKeywordMaxLength: 100,
} as const;

/** Account and password rules (SPEC §6 logins); the server applies the same schemas as the forms. */
export const ACCOUNT_RULES = {
  accountMin: 3,
  accountMax: 64,
  passwordMin: 8,
  passwordMax: 128,
  emailMax: 254,
  /** E-mail verification and password-reset codes. */
  codeLength: 6,
  codeTtlMinutes: 10,
  codeAttemptsMax: 5,
  /** How long a player waits before asking for another code. */
  codeResendSeconds: 60,
  /**
   * Session lifetimes (ASVS 3.3): a session ends at its absolute lifetime or after its idle time without a call,
   * whichever comes first; the browser then shows the player logged out. The live channel's reconnections are not
   * calls of the person's: an open tab nobody uses is logged out at its idle time. Without remember me the token lives in
   * the tab and the session is short; with it the token survives browser restarts for longer. Agents, who read
   * every ticket, get a working day and no remember me.
   */
  sessionHours: 12,
  sessionIdleMinutes: 120,
  rememberedSessionHours: 24 * 30,
  rememberedSessionIdleMinutes: 7 * 24 * 60,
  agentSessionHours: 10,
  agentSessionIdleMinutes: 30,
  /** A birthday further back than this many years is taken for a typing slip (the user info's birthday, SPEC §3). */
  birthdayAgeMaxYears: 120,
} as const;

/** Social login providers (SPEC §6). */
export const SOCIAL_PROVIDERS = ['google', 'apple', 'facebook', 'twitter', 'vk'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** Providers' own names, the same in every language. */
export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  apple: 'Apple',
  facebook: 'Facebook',
  twitter: 'Twitter',
  vk: 'VK',
};
