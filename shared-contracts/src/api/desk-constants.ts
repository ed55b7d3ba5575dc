/**
 * The agents' desk as a helpdesk (issue 15): who holds a ticket, internal notes, and the refusals of both. Without
 * zod, so the desk's screens compare and translate them before the schemas load.
 */

/** The queue's holder filter: every ticket, those no agent holds, or the caller's own. */
export const DESK_QUEUE_SCOPES = ['all', 'unassigned', 'mine'] as const;
export type DeskQueueScope = (typeof DESK_QUEUE_SCOPES)[number];

export const DESK_LIMITS = {
  /** Characters of one internal note: room for what the next agent needs to know. */
  noteMax: 1_000,
  /** Internal notes one ticket holds; a ticket needing more is a matter for a new one. */
  notesPerTicketMax: 200,
  /**
   * The most matches the queue counts: past it the desk says "more than" (`totalCapped`) instead of counting every
   * ticket of a publisher's desk on each page; 500 pages, and the filters narrow the rest.
   */
  queueCountMax: 10_000,
  /**
   * The most matches a keyword search counts, as helpdesks cap a search's results ("1,000+"): counting a match means
   * reading its ticket to test the keyword, a millisecond or more for each hundred on a publisher's desk; 50 pages,
   * and a common word is narrowed with the filters or a longer phrase.
   */
  keywordCountMax: 1_000,
} as const;

/** Messages of the desk's refusals: stable keys the browser translates (`support:errors.<key>`). */
export const DESK_ERRORS = {
  /**
   * 4090: the ticket's holder is not the one the request expected (another agent claimed, assigned or released it
   * meanwhile); nothing changed. The desk reads the ticket again and names who holds it now.
   */
  assignmentChanged: 'assignmentChanged',
  /** 4090: a reply to a ticket another agent holds; the agent takes it over first (an assignment that expects them). */
  heldByAnotherAgent: 'heldByAnotherAgent',
  /** 4040: the account to assign is not an agent's. */
  agentNotFound: 'agentNotFound',
  /** 4090: the ticket holds DESK_LIMITS.notesPerTicketMax internal notes. */
  notesFull: 'notesFull',
} as const;
