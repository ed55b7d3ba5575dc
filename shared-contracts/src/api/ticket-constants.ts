/** Ticket values the screens and the API share, without zod (the schemas build on them). */

/**
 * SPEC §4 display states. `processing`: no agent reply yet. `waiting_reply`: the player added information after
 * the last agent reply, so an agent owes one. `replied`: an agent's message is the last one; after 24 hours without
 * a player reply the chat ends by itself. `waiting_rating`: ended, not rated yet. `ended`: rated.
 */
export const TICKET_STATUSES = ['processing', 'waiting_reply', 'replied', 'waiting_rating', 'ended'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** The shorter labels of the ticket list (SPEC §4): no reply, replied, awaiting evaluation, concluded. */
export const TICKET_LIST_LABELS: Record<TicketStatus, 'noReply' | 'replied' | 'awaitingEvaluation' | 'concluded'> = {
  processing: 'noReply',
  waiting_reply: 'noReply',
  replied: 'replied',
  waiting_rating: 'awaitingEvaluation',
  ended: 'concluded',
};

/** Statuses in which a chat is still open: the player may add information and end it. */
export const OPEN_TICKET_STATUSES: readonly TicketStatus[] = ['processing', 'waiting_reply', 'replied'];

/** How a player may be contacted about a ticket. */
export const CONTACT_KINDS = ['email', 'phone'] as const;

/** Reasons a player may pick on a low score; the browser translates them. */
export const RATING_REASONS = ['slow', 'unclear', 'unsolved', 'unfriendly'] as const;

/** Tickets per page of the agents' queue. */
export const AGENT_PAGE_SIZE = 20;

/** Platforms a game has download links for. */
export const DOWNLOAD_PLATFORMS = ['android', 'ios', 'pc'] as const;
