/**
 * Messages of the API's refusals, by area: stable keys the browser translates. Kept apart from the schemas so the
 * apps' first load can compare and translate them without zod.
 */

/**
 * Whether a refusal's or a shared schema's message is a message key (`.min(8, 'passwordTooShort')`): one camelCase
 * word the browser translates. zod's own messages are sentences, so the two cannot be confused.
 */
export function isMessageKey(message: string): boolean {
  return /^[a-z][A-Za-z0-9]*$/.test(message);
}

/** Messages of the 4040 refusals; stable keys the browser translates. */
export const SUPPORT_ERRORS = {
  gameNotFound: 'gameNotFound',
  serverNotFound: 'serverNotFound',
  areaNotFound: 'areaNotFound',
  faqTypeNotFound: 'faqTypeNotFound',
} as const;

/**
 * Messages of the API's ticket refusals (code 4040, 4090 or 4000): stable keys the browser translates
 * (`support:errors.<key>`). Another player's ticket answers `inquiryNotFound`, exactly like one that does not exist.
 */
export const TICKET_ERRORS = {
  /** 4040: no such ticket of this player (or, for agents, at all). */
  inquiryNotFound: 'inquiryNotFound',
  /** 4090: the chat has ended; nothing can be added to it. */
  inquiryClosed: 'inquiryClosed',
  /** 4090: a rating before the chat ended. */
  inquiryStillOpen: 'inquiryStillOpen',
  /** 4090: the ticket already has its rating. */
  inquiryAlreadyRated: 'inquiryAlreadyRated',
  /** 4040: the question category does not exist or was withdrawn. */
  categoryNotFound: 'categoryNotFound',
  /** 4040: the character is not the player's own on that server and region. */
  roleNotFound: 'roleNotFound',
  /** 4040: a file id that is not one of the caller's own unattached, unexpired uploads. */
  attachmentInvalid: 'attachmentInvalid',
  /** 4000: more videos than LIMITS.videosMax among one message's attachments. */
  attachmentsTooManyVideos: 'attachmentsTooManyVideos',
  /** 4000: a player's "add information" with a document, or a video with anything else (SPEC §5). */
  supplementImagesOrVideo: 'supplementImagesOrVideo',
  /** 4090: the conversation holds LIMITS.ticketMessagesMax messages; nothing more can be added to it. */
  inquiryFull: 'inquiryFull',
  /** 4090: the player already has LIMITS.openTicketsMax open tickets; one must end before another opens. */
  tooManyOpenInquiries: 'tooManyOpenInquiries',
  /** 4290 (with Retry-After): too many new tickets from one account in a short time. */
  tooManyNewInquiries: 'tooManyNewInquiries',
  /** 4290 (with Retry-After): too many messages added from one account in a short time. */
  tooManyReplies: 'tooManyReplies',
} as const;

/**
 * Messages of the API's upload and download refusals (`/files*`): stable keys the browser translates
 * (`support:errors.<key>`).
 */
export const FILE_ERRORS = {
  /** 4130: the file reaches LIMITS.attachmentBytesMax. */
  fileTooLarge: 'fileTooLarge',
  /** 4000: the file has no bytes. */
  fileEmpty: 'fileEmpty',
  /** 4000: the name's extension is not an accepted one, or the content is not what the extension says. */
  typeMismatch: 'typeMismatch',
  /** 4290: the player already holds LIMITS.pendingUploadsMax files not attached yet. */
  tooManyUploads: 'tooManyUploads',
  /**
   * 4290: the account's uploads over the last hour (kept, discarded, expired or refused after reading alike) reached
   * the API's quota (UPLOADS_PER_HOUR, UPLOAD_MB_PER_HOUR); Retry-After says when one more fits.
   */
  uploadQuotaReached: 'uploadQuotaReached',
  /** 4040: no such file the caller may have (another's, attached elsewhere, expired or gone alike). */
  fileNotFound: 'fileNotFound',
} as const;

/** Messages of the API's canned-reply refusals (agents' desk): stable keys the browser translates (`support:errors.<key>`). */
export const CANNED_REPLY_ERRORS = {
  /** 4040: no such canned reply (another agent deleted it). */
  cannedReplyNotFound: 'cannedReplyNotFound',
  /** 4090: the language already has a canned reply with this title (ignoring case). */
  cannedReplyTitleTaken: 'cannedReplyTitleTaken',
  /** 4090: the language already holds LIMITS.cannedRepliesPerLanguageMax canned replies. */
  cannedRepliesFull: 'cannedRepliesFull',
} as const;

/** Messages of the 4030 refusals of a session whose role the endpoint does not serve (`auth: 'agent' | 'player' | 'lead'`). */
export const ROLE_ERRORS = {
  /** A player's session on an agents' call. */
  agentsOnly: 'agentsOnly',
  /** A session without the support lead's permission (a player's, or a plain agent's) on a lead's call. */
  leadsOnly: 'leadsOnly',
  /** An agent's session on a player's call (agents answer from the desk, they do not open tickets). */
  playersOnly: 'playersOnly',
} as const;
