import {
  AGENT_PAGE_SIZE,
  ERROR_CODES,
  LIMITS,
  OPEN_TICKET_STATUSES,
  SUPPORT_ERRORS,
  TICKET_ERRORS,
  TICKET_TYPES,
  gameIdOfClient,
  type InquiryDetail,
  type InquiryMessage,
  type InquirySummary,
  type Language,
  type TicketStatus,
  type inquiryCreateBodySchema,
  type inquiryReplyBodySchema,
  type inquiryScoreBodySchema,
  type agentInquiriesQuerySchema,
} from 'shared-contracts';
import { gameAreaIdSchema, normaliseContact, roleIdSchema, serverIdSchema } from 'shared-contracts/schemas';
import type { z } from 'zod';
import { toNumber, type Database, type Queryable } from '../db/database.js';
import { ApiFailure } from '../http/api-failure.js';
import { Throttle, type Limit } from '../identity/throttle.js';
import type { AuthenticatedAccount } from '../identity/types.js';
import { attachFiles } from './attachments.js';
import { readDetail, readMessage, readSummaries, toSummary } from './read.js';

/** Tickets waiting for an agent from which the inquiry form shows the wait notice (SPEC §4), unless configured. */
export const DEFAULT_LONG_QUEUE_THRESHOLD = 20;

/** Statuses in which an agent owes the next message: the queue of SPEC §4's wait notice, and the desk's top. */
const WAITING_STATUSES: readonly TicketStatus[] = ['processing', 'waiting_reply'];

type CreateBody = z.output<typeof inquiryCreateBodySchema>;
type ReplyBody = z.output<typeof inquiryReplyBodySchema>;
type ScoreBody = z.output<typeof inquiryScoreBodySchema>;
type AgentListQuery = z.output<typeof agentInquiriesQuerySchema>;

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

/** The outcomes of open_ticket (migration 0006) that name a reference not found, and the refusal of each. */
const MISSING_REFERENCE = {
  game: SUPPORT_ERRORS.gameNotFound,
  category: TICKET_ERRORS.categoryNotFound,
  server: SUPPORT_ERRORS.serverNotFound,
  area: SUPPORT_ERRORS.areaNotFound,
  role: TICKET_ERRORS.roleNotFound,
} as const;

interface OpenTicketRow {
  outcome: 'created' | 'earlier' | 'too_many_new' | 'too_many_open' | keyof typeof MISSING_REFERENCE;
  inquiry_id: number | string | null;
  window_oldest: Date | string | null;
}

const REPLY_THROTTLE_BUCKET = 'ticket_reply';

export interface TicketServiceOptions {
  db: Database;
  /** The API's clock: every time written to a ticket comes from it, never from the database's now(). */
  now: () => Date;
  longQueueThreshold: number;
  limits: TicketLimits;
  /** Told of each ticket opened and each chat a player or an agent ended (the metrics count them). */
  events?: TicketEvents;
}

export interface TicketEvents {
  created(): void;
  ended(by: 'player' | 'agent'): void;
}

/** `LIKE` pattern matching `text` literally anywhere: its own `%`, `_` and `\` are plain characters. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The desk's filters over `t` (tickets) and `a` (accounts), as three parameters from `$first`: status, game id and
 * a `containsPattern` keyword, each null for "any".
 */
function agentFilter(first: number): string {
  const [status, game, keyword] = [first, first + 1, first + 2].map((index) => `$${index}`);
  return `(${status}::text IS NULL OR t.status = ${status}::text)
    AND (${game}::int IS NULL OR t.game_id = ${game}::int)
    AND (${keyword}::text IS NULL OR t.title ILIKE ${keyword}::text ESCAPE '\\' OR t.content ILIKE ${keyword}::text ESCAPE '\\'
         OR a.account ILIKE ${keyword}::text ESCAPE '\\')`;
}

function notFound(): ApiFailure {
  return new ApiFailure(ERROR_CODES.notFound, TICKET_ERRORS.inquiryNotFound);
}

function isOpen(status: TicketStatus): boolean {
  return OPEN_TICKET_STATUSES.includes(status);
}

/** The ticket rules of SPEC §4 and §5 for players and agents (DESIGN §5). Every call names its account. */
export class TicketService {
  readonly #db: Database;
  readonly #now: () => Date;
  readonly #longQueueThreshold: number;
  readonly #limits: TicketLimits;
  readonly #throttle: Throttle;
  readonly #events: TicketEvents | undefined;

  constructor(options: TicketServiceOptions) {
    this.#events = options.events;
    this.#db = options.db;
    this.#now = options.now;
    this.#longQueueThreshold = options.longQueueThreshold;
    this.#limits = options.limits;
    this.#throttle = new Throttle(options.db, options.now);
  }

  /**
   * Opens a ticket with its attachments. The same (account, requestId) answers with the ticket it made first,
   * whatever the limits say by then, also when two copies of the request arrive together. The rules that must hold
   * across replicas are decided in one database call under the account's row lock (migration 0006, open_ticket):
   * one round trip instead of a dozen is what lets the API open thousands of tickets a second. Attachments are
   * claimed in the same transaction, so a refused one leaves no ticket behind.
   */
  async create(account: AuthenticatedAccount, body: CreateBody, language: Language): Promise<{ inquiryId: number }> {
    const now = this.#now();
    const { openTicketsMax, createsPerAccount } = this.#limits;
    const windowMs = createsPerAccount.windowSeconds * 1000;
    const place = body.ticketType === TICKET_TYPES.official ? officialPlace(body) : null;
    const open = async (runner: Queryable): Promise<OpenTicketRow> => {
      const { rows } = await runner.query<OpenTicketRow>(
        `SELECT outcome, inquiry_id, window_oldest
         FROM open_ticket($1::bigint, $2::uuid, $3::timestamptz, $4::text[], $5::int, $6::timestamptz, $7::int, $8::text, $9::int,
                          $10::text, $11::text, $12::text, $13::int, $14::text, $15::text, $16::text, $17::text, $18::text)`,
        [
          account.accountId,
          body.requestId,
          now,
          OPEN_TICKET_STATUSES,
          openTicketsMax,
          new Date(now.getTime() - windowMs),
          createsPerAccount.max,
          body.ticketType,
          body.gameId,
          place?.serverId ?? null,
          place?.areaId ?? null,
          place?.roleId ?? null,
          body.queryType,
          body.title,
          body.content,
          body.contactKind,
          normaliseContact(body.contactKind, body.contact),
          language,
        ],
      );
      const row = rows[0];
      if (!row) throw new Error('open_ticket returned no row');
      return row;
    };
    // Without attachments the call is one statement, its own transaction: no BEGIN and COMMIT round trips.
    const row =
      body.attachments.length === 0
        ? await open(this.#db)
        : await this.#db.transaction(async (tx) => {
            const result = await open(tx);
            if (result.outcome === 'created') {
              const ticketId = toNumber(result.inquiry_id);
              await attachFiles(tx, body.attachments, { ownerAccountId: account.accountId, ticketId, messageId: null, now, rule: 'message' });
            }
            return result;
          });
    if (row.outcome === 'created') this.#events?.created();
    if (row.outcome === 'created' || row.outcome === 'earlier') return { inquiryId: toNumber(row.inquiry_id) };
    if (row.outcome === 'too_many_new') {
      // The retry succeeds once the oldest ticket counted in the window has left it.
      const freeing = row.window_oldest === null ? now.getTime() : new Date(row.window_oldest).getTime();
      const retryAfterSeconds = Math.max(1, Math.ceil((freeing + windowMs - now.getTime()) / 1000));
      throw new ApiFailure(ERROR_CODES.tooManyRequests, TICKET_ERRORS.tooManyNewInquiries, { retryAfterSeconds });
    }
    if (row.outcome === 'too_many_open') throw new ApiFailure(ERROR_CODES.conflict, TICKET_ERRORS.tooManyOpenInquiries);
    throw new ApiFailure(ERROR_CODES.notFound, MISSING_REFERENCE[row.outcome]);
  }

  /** The player's tickets, newest first: the LIMITS.inquiryListMax newest. */
  async list(account: AuthenticatedAccount, clientId: string | undefined, language: Language): Promise<InquirySummary[]> {
    const rows = await readSummaries(
      this.#db,
      language,
      't.account_id = $2 AND ($3::int IS NULL OR t.game_id = $3::int)',
      [account.accountId, gameIdOfClient(clientId), LIMITS.inquiryListMax],
      'ORDER BY t.created_at DESC, t.id DESC LIMIT $4',
    );
    return rows.map(toSummary);
  }

  /** One of the player's own tickets; opening it is reading it, so its feedback dot goes out. */
  async detail(account: AuthenticatedAccount, inquiryId: number, language: Language): Promise<InquiryDetail> {
    const now = this.#now();
    return this.#db.transaction(async (tx) => {
      // Marked first: the row lock keeps an agent's reply from landing between what is shown and what is marked.
      const { rowCount } = await tx.query(
        'UPDATE tickets SET player_read_at = $3, feedback_at = NULL WHERE id = $1 AND account_id = $2',
        [inquiryId, account.accountId, now],
      );
      if (rowCount === 0) throw notFound();
      const conversation = await readDetail(tx, language, inquiryId);
      if (!conversation) throw notFound();
      return conversation.detail;
    });
  }

  /** The player adds information to an open ticket; after an agent's reply the ticket waits for the agent again. */
  async reply(account: AuthenticatedAccount, body: ReplyBody): Promise<InquiryMessage> {
    // A retry answers with its message whatever the limits say by then.
    const retried = (await messageOfRequest(this.#db, body.inquiryId, account.accountId, body.requestId)) !== null;
    const attempt = retried ? [] : await this.#hit(REPLY_THROTTLE_BUCKET, account, this.#limits.repliesPerAccount, TICKET_ERRORS.tooManyReplies);
    const { message, made } = await this.#addMessage(account, body, 'player');
    if (!made) await this.#throttle.forget(attempt);
    return message;
  }

  /** Tickets of the player with an agent reply or an automatic end not seen yet. */
  async feedback(account: AuthenticatedAccount, clientId: string | undefined): Promise<{ count: number; hasNew: boolean }> {
    const { rows } = await this.#db.query<{ count: number }>(
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
    const now = this.#now();
    return this.#db.transaction(async (tx) => {
      const status = await lockTicket(tx, body.inquiryId, account.accountId);
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
    return this.#end(inquiryId, 'player', account.accountId);
  }

  /** The player's most recent open ticket and the agents' queue (SPEC §4 unresolved prompt and wait notice). */
  async unresolved(
    account: AuthenticatedAccount,
    clientId: string | undefined,
    language: Language,
  ): Promise<{ inquiry: InquirySummary | null; queue: { waiting: number; longQueue: boolean } }> {
    const [open] = await readSummaries(
      this.#db,
      language,
      't.account_id = $2 AND t.status = ANY($3::text[]) AND ($4::int IS NULL OR t.game_id = $4::int)',
      [account.accountId, OPEN_TICKET_STATUSES, gameIdOfClient(clientId)],
      'ORDER BY t.created_at DESC, t.id DESC LIMIT 1',
    );
    const { rows } = await this.#db.query<{ waiting: number }>(
      'SELECT count(*)::int AS waiting FROM tickets WHERE status = ANY($1::text[])',
      [WAITING_STATUSES],
    );
    const waiting = rows[0]?.waiting ?? 0;
    return { inquiry: open ? toSummary(open) : null, queue: { waiting, longQueue: waiting >= this.#longQueueThreshold } };
  }

  /**
   * The agents' desk: tickets an agent owes a message first, longest waiting first (a player adding information
   * keeps the ticket's place), then everything else, oldest update first. The keyword is found literally, ignoring
   * case, in the title, the question or the owner's account name.
   */
  async agentList(query: AgentListQuery, language: Language) {
    const filters = [query.status ?? null, query.gameId ?? null, query.keyword ? containsPattern(query.keyword) : null];
    const rows = await readSummaries(
      this.#db,
      language,
      agentFilter(2),
      [...filters, WAITING_STATUSES, AGENT_PAGE_SIZE, (query.page - 1) * AGENT_PAGE_SIZE],
      'ORDER BY (t.status = ANY($5::text[])) DESC, t.waiting_since, t.updated_at, t.id LIMIT $6 OFFSET $7',
    );
    const { rows: counted } = await this.#db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM tickets t JOIN accounts a ON a.id = t.account_id WHERE ${agentFilter(1)}`,
      filters,
    );
    return {
      items: rows.map((row) => ({ ...toSummary(row), account: row.account })),
      total: counted[0]?.total ?? 0,
      page: query.page,
      pageSize: AGENT_PAGE_SIZE,
    };
  }

  /** Any ticket, for an agent; reading it does not touch the player's unread state. */
  async agentDetail(inquiryId: number, language: Language): Promise<InquiryDetail & { account: string; language: Language }> {
    const conversation = await readDetail(this.#db, language, inquiryId);
    if (!conversation) throw notFound();
    return { ...conversation.detail, account: conversation.account, language: conversation.language };
  }

  /** An agent's reply: the player gets the feedback dot, and the 24-hour auto-end clock starts. */
  async agentReply(agent: AuthenticatedAccount, body: ReplyBody): Promise<InquiryMessage> {
    return (await this.#addMessage(agent, body, 'agent')).message;
  }

  /** An agent ends the chat; the player is invited to rate it (and sees the dot). */
  async agentEnd(inquiryId: number): Promise<{ status: TicketStatus }> {
    return this.#end(inquiryId, 'agent', null);
  }

  /** Records one event of an account under a throttle, or refuses with 4290 and when to retry. */
  async #hit(bucket: string, account: AuthenticatedAccount, limit: Limit, refusal: string): Promise<number[]> {
    const result = await this.#throttle.hit([{ bucket, key: String(account.accountId), limit }]);
    if (!result.allowed) throw new ApiFailure(ERROR_CODES.tooManyRequests, refusal, { retryAfterSeconds: result.retryAfterSeconds });
    return result.ids;
  }

  /** Adds a message, or finds the one an earlier copy of the request added (`made` false). */
  async #addMessage(
    author: AuthenticatedAccount,
    body: ReplyBody,
    role: 'player' | 'agent',
  ): Promise<{ message: InquiryMessage; made: boolean }> {
    const now = this.#now();
    return this.#db.transaction(async (tx) => {
      const status = await lockTicket(tx, body.inquiryId, role === 'player' ? author.accountId : null);
      // A retry answers with its message even if the chat has ended since.
      const earlier = await messageOfRequest(tx, body.inquiryId, author.accountId, body.requestId);
      if (earlier !== null) return { message: await readMessage(tx, body.inquiryId, earlier), made: false };
      if (!isOpen(status)) throw new ApiFailure(ERROR_CODES.conflict, TICKET_ERRORS.inquiryClosed);
      const { rows: counted } = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM ticket_messages WHERE ticket_id = $1', [
        body.inquiryId,
      ]);
      if ((counted[0]?.count ?? 0) >= LIMITS.ticketMessagesMax) throw new ApiFailure(ERROR_CODES.conflict, TICKET_ERRORS.inquiryFull);

      const { rows } = await tx.query<{ id: number | string }>(
        `INSERT INTO ticket_messages (ticket_id, author, author_account_id, request_id, content, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT ON CONSTRAINT ticket_messages_request_key DO NOTHING
         RETURNING id`,
        [body.inquiryId, role, author.accountId, body.requestId, body.content, now],
      );
      const inserted = rows[0];
      if (!inserted) throw new Error('A reply with this request id appeared while the ticket was locked');
      const messageId = toNumber(inserted.id);
      // A player's reply is "add information": images or one video only; an agent's may carry any file (SPEC §5).
      await attachFiles(tx, body.attachments, {
        ownerAccountId: author.accountId,
        ticketId: body.inquiryId,
        messageId,
        now,
        rule: role === 'player' ? 'supplement' : 'message',
      });

      if (role === 'agent') {
        await tx.query(
          `UPDATE tickets SET status = 'replied', last_agent_reply_at = $2, feedback_at = $2, updated_at = $2, waiting_since = NULL
           WHERE id = $1`,
          [body.inquiryId, now],
        );
      } else if (status === 'replied') {
        // After an agent's reply, the agent owes the next message from now on.
        await tx.query("UPDATE tickets SET status = 'waiting_reply', waiting_since = $2, updated_at = $2 WHERE id = $1", [body.inquiryId, now]);
      } else {
        // Still waiting for an agent: the ticket keeps its place in the queue.
        await tx.query('UPDATE tickets SET updated_at = $2 WHERE id = $1', [body.inquiryId, now]);
      }
      return { message: await readMessage(tx, body.inquiryId, messageId), made: true };
    });
  }

  async #end(inquiryId: number, by: 'player' | 'agent', ownerAccountId: number | null): Promise<{ status: TicketStatus }> {
    const now = this.#now();
    const { rows } = await this.#db.query<{ status: TicketStatus }>(
      `UPDATE tickets SET status = 'waiting_rating', ended_by = $3::text, ended_at = $4, updated_at = $4, waiting_since = NULL,
              feedback_at = CASE WHEN $3::text = 'agent' THEN $4 ELSE feedback_at END
       WHERE id = $1 AND ($2::bigint IS NULL OR account_id = $2::bigint) AND status = ANY($5::text[])
       RETURNING status`,
      [inquiryId, ownerAccountId, by, now, OPEN_TICKET_STATUSES],
    );
    if (rows[0]) {
      this.#events?.ended(by);
      return { status: rows[0].status };
    }
    const { rows: current } = await this.#db.query<{ status: TicketStatus }>(
      'SELECT status FROM tickets WHERE id = $1 AND ($2::bigint IS NULL OR account_id = $2::bigint)',
      [inquiryId, ownerAccountId],
    );
    if (!current[0]) throw notFound();
    return { status: current[0].status };
  }
}

interface OfficialPlace {
  serverId: string;
  areaId: string;
  roleId: string;
}

/**
 * Server, region and character ids of an official ticket; open_ticket checks that they name the server published
 * in that game, the region on that server and the player's own character there.
 */
function officialPlace(body: CreateBody): OfficialPlace {
  return {
    serverId: serverIdSchema.parse(body.serverId),
    areaId: gameAreaIdSchema.parse(body.gameAreaId),
    roleId: roleIdSchema.parse(body.roleId),
  };
}

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

async function messageOfRequest(tx: Queryable, ticketId: number, authorId: number, requestId: string): Promise<number | null> {
  const { rows } = await tx.query<{ id: number | string }>(
    'SELECT id FROM ticket_messages WHERE ticket_id = $1 AND author_account_id = $2 AND request_id = $3',
    [ticketId, authorId, requestId],
  );
  return rows[0] ? toNumber(rows[0].id) : null;
}

/**
 * Locks a ticket for the rest of the transaction and returns its status: replies, ends, ratings and the auto-end
 * on one ticket take turns. With `ownerAccountId` another player's ticket is not found, exactly like a missing one.
 */
async function lockTicket(tx: Queryable, ticketId: number, ownerAccountId: number | null): Promise<TicketStatus> {
  const { rows } = await tx.query<{ status: TicketStatus }>(
    'SELECT status FROM tickets WHERE id = $1 AND ($2::bigint IS NULL OR account_id = $2::bigint) FOR UPDATE',
    [ticketId, ownerAccountId],
  );
  if (!rows[0]) throw notFound();
  return rows[0].status;
}
