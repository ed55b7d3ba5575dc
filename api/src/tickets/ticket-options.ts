import { LIMITS, type TicketStatus } from 'shared-contracts';
import type { Database } from '../db/database.js';
import type { Limit } from '../identity/throttle.js';

/** Tickets waiting for an agent from which the inquiry form shows the wait notice (SPEC §4), unless configured. */
export const DEFAULT_LONG_QUEUE_THRESHOLD = 20;

/** Statuses in which an agent owes the next message: the queue of SPEC §4's wait notice, and the desk's top. */
export const WAITING_STATUSES: readonly TicketStatus[] = ['processing', 'waiting_reply'];

/** Limits that keep one account from flooding the agents' queue (counted in the database, across replicas). */
export interface TicketLimits {
  /** Open tickets (no reply, replied, waiting for an agent) one player may have at once. */
  openTicketsMax: number;
  /** New tickets per player account. */
  createsPerAccount: Limit;
  /** Messages a player adds, over all of their tickets. */
  repliesPerAccount: Limit;
}

/** Far beyond what a player asking for help does, so only a script ever meets them. */
export const DEFAULT_TICKET_LIMITS: TicketLimits = {
  openTicketsMax: LIMITS.openTicketsMax,
  createsPerAccount: { max: 20, windowSeconds: 60 * 60 },
  repliesPerAccount: { max: 30, windowSeconds: 10 * 60 },
};

export interface TicketEvents {
  created(): void;
  ended(by: 'player' | 'agent'): void;
}

/** What the ticket services of players and agents share. */
export interface TicketServiceOptions {
  db: Database;
  /** The API's clock: every time written to a ticket comes from it, never from the database's now(). */
  now: () => Date;
  longQueueThreshold: number;
  limits: TicketLimits;
  /** Told of each ticket opened and each chat a player or an agent ended (the metrics count them). */
  events?: TicketEvents;
}
