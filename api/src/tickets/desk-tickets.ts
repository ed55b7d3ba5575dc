import type { DeskInquiryDetail, InquiryMessage, Language, TicketStatus, deskQueueQuerySchema } from 'shared-contracts';
import type { z } from 'zod';
import type { AuthenticatedAccount } from '../identity/types.js';
import { assignTicket, readAgents } from './assignment.js';
import { HANDLING_COLUMNS, HANDLING_JOIN, readQueue, toHandling, type HandlingRow } from './desk-queue.js';
import { addMessage, endTicket, type ReplyBody } from './messages.js';
import { addNote, readNotes } from './notes.js';
import { readDetail } from './read.js';
import type { TicketServiceOptions } from './ticket-options.js';
import { notFound } from './ticket-rows.js';

/**
 * The agents' desk (DESIGN §5, issue 15): the queue, any ticket with its handling and internal notes, replies,
 * ends, assignment and notes. Players never reach these calls (`auth: 'agent'`).
 */
export class DeskTickets {
  readonly #options: TicketServiceOptions;

  constructor(options: TicketServiceOptions) {
    this.#options = options;
  }

  queue(agent: AuthenticatedAccount, query: z.output<typeof deskQueueQuerySchema>, language: Language) {
    return readQueue(this.#options.db, agent, query, language);
  }

  /** Any ticket; reading it does not touch the player's unread state. */
  async detail(inquiryId: number, language: Language): Promise<DeskInquiryDetail> {
    const { db } = this.#options;
    const conversation = await readDetail(db, language, inquiryId);
    if (!conversation) throw notFound();
    const { rows } = await db.query<HandlingRow>(`SELECT ${HANDLING_COLUMNS} FROM tickets t ${HANDLING_JOIN} WHERE t.id = $1`, [inquiryId]);
    if (!rows[0]) throw notFound();
    const { detail, ...owner } = conversation;
    return { ...detail, ...owner, ...toHandling(rows[0]), notes: await readNotes(db, inquiryId) };
  }

  /**
   * An agent's reply: the player gets the feedback dot, and the 24-hour auto-end clock starts. Refused on a ticket
   * another agent holds; a ticket nobody holds becomes the replying agent's.
   */
  async reply(agent: AuthenticatedAccount, body: ReplyBody): Promise<InquiryMessage> {
    return (await addMessage(this.#options.db, this.#options.now(), agent, body, 'agent')).message;
  }

  /** An agent ends the chat; the player is invited to rate it (and sees the dot). */
  async end(inquiryId: number): Promise<{ status: TicketStatus }> {
    const { status, ended } = await endTicket(this.#options.db, this.#options.now(), inquiryId, 'agent', null);
    if (ended) this.#options.events?.ended('agent');
    return { status };
  }

  async agents(agent: AuthenticatedAccount) {
    return { agents: await readAgents(this.#options.db), selfAccountId: agent.accountId };
  }

  assign(body: Parameters<typeof assignTicket>[2]) {
    return assignTicket(this.#options.db, this.#options.now(), body);
  }

  note(agent: AuthenticatedAccount, body: Parameters<typeof addNote>[3]) {
    return addNote(this.#options.db, this.#options.now(), agent, body);
  }
}
