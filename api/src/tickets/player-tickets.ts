import {
  ERROR_CODES,
  LIMITS,
  OPEN_TICKET_STATUSES,
  TICKET_ERRORS,
  gameIdOfClient,
  type InquiryDetail,
  type InquiryMessage,
  type InquirySummary,
  type Language,
  type TicketStatus,
  type inquiryCreateBodySchema,
  type inquiryScoreBodySchema,
} from 'shared-contracts';
import type { z } from 'zod';
import type { Queryable } from '../db/database.js';
import { ApiFailure } from '../http/api-failure.js';
import { Throttle, type Limit } from '../identity/throttle.js';
import type { AuthenticatedAccount } from '../identity/types.js';
import { addMessage, endTicket, type ReplyBody } from './messages.js';
import { openTicket } from './open-ticket.js';
import { readDetail, readSummaries, toSummary } from './read.js';
import { WAITING_STATUSES, type TicketServiceOptions } from './ticket-options.js';
import { lockTicket, messageOfRequest, notFound } from './ticket-rows.js';

type CreateBody = z.output<typeof inquiryCreateBodySchema>;
type ScoreBody = z.output<typeof inquiryScoreBodySchema>;

const REPLY_THROTTLE_BUCKET = 'ticket_reply';

/** Whether the ticket's rating is exactly this one (reasons in any order). */
async function hasRating(tx: Queryable, body: ScoreBody): Promise<boolean> {
  const { rows } = await tx.query<{ score: number; reasons: string[]; comment: string }>(
    'SELECT score, reasons, comment FROM ticket_ratings WHERE ticket_id = $1',
    [body.inquiryId],
  );
  const rating = rows[0];
  if (!rating) return false;
  const sorted = (reasons: readonly string[]) => [...new Set(reasons)].sort().join(',');
  return rating.score === body.score && rating.comment === body.comment && sorted(rating.reasons) === sorted(body.reasons);
}

/** The ticket rules of SPEC §4 and §5 for players (DESIGN §5): every call reaches only the account's own tickets. */
export class PlayerTickets {
  readonly #options: TicketServiceOptions;
  readonly #throttle: Throttle;

  constructor(options: TicketServiceOptions) {
    this.#options = options;
    this.#throttle = new Throttle(options.db, options.now);
  }

  create(account: AuthenticatedAccount, body: CreateBody, language: Language): Promise<{ inquiryId: number }> {
    return openTicket(this.#options, account, body, language);
  }

  /** The player's tickets, newest first: the LIMITS.inquiryListMax newest. */
  async list(account: AuthenticatedAccount, clientId: string | undefined, language: Language): Promise<InquirySummary[]> {
    const rows = await readSummaries(
      this.#options.db,
      language,
      't.account_id = $2 AND ($3::int IS NULL OR t.game_id = $3::int)',
      [account.accountId, gameIdOfClient(clientId), LIMITS.inquiryListMax],
      'ORDER BY t.created_at DESC, t.id DESC LIMIT $4',
    );
    return rows.map(toSummary);
  }

  /** One of the player's own tickets; opening it is reading it, so its feedback dot goes out. */
  async detail(account: AuthenticatedAccount, inquiryId: number, language: Language): Promise<InquiryDetail> {
    const now = this.#options.now();
    return this.#options.db.transaction(async (tx) => {
      // Marked first: the row lock keeps an agent's reply from landing between what is shown and what is marked.
      const { rowCount } = await tx.query('UPDATE tickets SET player_read_at = $3, feedback_at = NULL WHERE id = $1 AND account_id = $2', [
        inquiryId,
        account.accountId,
        now,
      ]);
      if (rowCount === 0) throw notFound();
      const conversation = await readDetail(tx, language, inquiryId);
      if (!conversation) throw notFound();
      return conversation.detail;
    });
  }

  /** The player adds information to an open ticket; after an agent's reply the ticket waits for the agent again. */
  async reply(account: AuthenticatedAccount, body: ReplyBody): Promise<InquiryMessage> {
    // A retry answers with its message whatever the limits say by then.
    const retried = (await messageOfRequest(this.#options.db, body.inquiryId, account.accountId, body.requestId)) !== null;
    const attempt = retried ? [] : await this.#hit(account, this.#options.limits.repliesPerAccount);
    const { message, made } = await addMessage(this.#options.db, this.#options.now(), account, body, 'player');
    if (!made) await this.#throttle.forget(attempt);
    return message;
  }

  /** Tickets of the player with an agent reply or an automatic end not seen yet. */
  async feedback(account: AuthenticatedAccount, clientId: string | undefined): Promise<{ count: number; hasNew: boolean }> {
    const { rows } = await this.#options.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM tickets
       WHERE account_id = $1 AND feedback_at IS NOT NULL AND ($2::int IS NULL OR game_id = $2::int)`,
      [account.accountId, gameIdOfClient(clientId)],
    );
    const count = rows[0]?.count ?? 0;
    return { count, hasNew: count > 0 };
  }

  /**
   * Rates an ended chat, once; the ticket is then concluded. Sending the same rating again (a retry after a lost
   * answer) succeeds without changing anything; a different one is refused.
   */
  async score(account: AuthenticatedAccount, body: ScoreBody): Promise<null> {
    const now = this.#options.now();
    return this.#options.db.transaction(async (tx) => {
      const { status } = await lockTicket(tx, body.inquiryId, account.accountId);
      if (status === 'ended') {
        if (await hasRating(tx, body)) return null;
        throw new ApiFailure(ERROR_CODES.conflict, TICKET_ERRORS.inquiryAlreadyRated);
      }
      if (status !== 'waiting_rating') throw new ApiFailure(ERROR_CODES.conflict, TICKET_ERRORS.inquiryStillOpen);
      await tx.query('INSERT INTO ticket_ratings (ticket_id, score, reasons, comment, created_at) VALUES ($1, $2, $3::text[], $4, $5)', [
        body.inquiryId,
        body.score,
        body.reasons,
        body.comment,
        now,
      ]);
      await tx.query("UPDATE tickets SET status = 'ended', updated_at = $2 WHERE id = $1", [body.inquiryId, now]);
      return null;
    });
  }

  /** The player ends the chat; it then waits for a rating. An ended chat stays as it is. */
  async end(account: AuthenticatedAccount, inquiryId: number): Promise<{ status: TicketStatus }> {
    const { status, ended } = await endTicket(this.#options.db, this.#options.now(), inquiryId, 'player', account.accountId);
    if (ended) this.#options.events?.ended('player');
    return { status };
  }

  /**
   * The player's most recent open ticket, the agents' queue (SPEC §4 unresolved prompt and wait notice), and whether
   * the player may open another.
   */
  async unresolved(
    account: AuthenticatedAccount,
    clientId: string | undefined,
    language: Language,
  ): Promise<{ inquiry: InquirySummary | null; queue: { waiting: number; longQueue: boolean }; atOpenLimit: boolean }> {
    const [open] = await readSummaries(
      this.#options.db,
      language,
      't.account_id = $2 AND t.status = ANY($3::text[]) AND ($4::int IS NULL OR t.game_id = $4::int)',
      [account.accountId, OPEN_TICKET_STATUSES, gameIdOfClient(clientId)],
      'ORDER BY t.created_at DESC, t.id DESC LIMIT 1',
    );
    const { rows } = await this.#options.db.query<{ waiting: number; own_open: number }>(
      `SELECT (SELECT count(*) FROM tickets WHERE status = ANY($1::text[]))::int AS waiting,
              (SELECT count(*) FROM tickets WHERE account_id = $2 AND status = ANY($3::text[]))::int AS own_open`,
      [WAITING_STATUSES, account.accountId, OPEN_TICKET_STATUSES],
    );
    const waiting = rows[0]?.waiting ?? 0;
    return {
      inquiry: open ? toSummary(open) : null,
      queue: { waiting, longQueue: waiting >= this.#options.longQueueThreshold },
      atOpenLimit: (rows[0]?.own_open ?? 0) >= this.#options.limits.openTicketsMax,
    };
  }

  /** Records one reply of an account under its throttle, or refuses with 4290 and when to retry. */
  async #hit(account: AuthenticatedAccount, limit: Limit): Promise<number[]> {
    const result = await this.#throttle.hit([{ bucket: REPLY_THROTTLE_BUCKET, key: String(account.accountId), limit }]);
    if (!result.allowed) {
      throw new ApiFailure(ERROR_CODES.tooManyRequests, TICKET_ERRORS.tooManyReplies, { retryAfterSeconds: result.retryAfterSeconds });
    }
    return result.ids;
  }
}
