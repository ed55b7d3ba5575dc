import type { TicketStatus } from './ticket-constants.js';

/**
 * The live channel of issue 15: a Server-Sent Events stream of ticket changes. A player's stream carries the
 * changes of their own tickets, an agent's the whole queue; what only agents may see never reaches a player.
 * It is a GET with the session's bearer token, read with fetch (an EventSource cannot send the header).
 */
export const LIVE_EVENTS_PATH = '/inquiries/events';

/** `assigned` (who holds the ticket changed) and `note` (an internal note) go to agents only, never to a player. */
export const TICKET_EVENT_KINDS = ['created', 'message', 'status', 'ended', 'rated', 'assigned', 'note'] as const;
export type TicketEventKind = (typeof TICKET_EVENT_KINDS)[number];

/** One change of one ticket (SSE `event: ticket`); screens fetch what they show again, in their own language. */
export interface TicketLiveEvent {
  inquiryId: number;
  kind: TicketEventKind;
  /** The status after the change; null for a message (its status change, if any, is an event of its own). */
  status: TicketStatus | null;
  messageId: number | null;
  /** Who caused it; the system ends chats left 24 hours without a player reply. */
  author: 'player' | 'agent' | 'system' | null;
  at: string;
}

/**
 * The stream's other events. `ready` opens every stream: `resumed` is true when it picked up after the
 * Last-Event-ID sent, so nothing was missed; false on a first connection or when the server could not replay
 * (`reset`), and then screens fetch what they show again.
 */
export interface LiveReadyEvent {
  resumed: boolean;
}

/**
 * 4290 refusal of a stream past LIVE_LIMITS.streamsPerAccount on one replica; never shown to the player, as the
 * browser simply tries again later.
 */
export const TOO_MANY_STREAMS = 'tooManyStreams';

export const LIVE_LIMITS = {
  /** Streams one session's account may hold open on one replica at once (a tab each, and some to spare). */
  streamsPerAccount: 8,
} as const;

export const LIVE_TIMINGS = {
  /** A comment line this often keeps proxies from closing an idle stream (the edge waits 75 s). */
  heartbeatMs: 20_000,
  /** A stream ends after this long and the client reconnects at once, so a revoked session stops receiving. */
  lifetimeMs: 5 * 60_000,
  /** Reconnect pauses after a drop: from the first, doubling, up to the last (plus up to half again at random). */
  reconnectFirstMs: 500,
  reconnectMaxMs: 30_000,
} as const;
