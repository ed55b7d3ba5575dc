import {
  ERROR_CODES,
  OPEN_TICKET_STATUSES,
  SUPPORT_ERRORS,
  TICKET_ERRORS,
  TICKET_TYPES,
  type Language,
  type inquiryCreateBodySchema,
} from 'shared-contracts';
import { gameAreaIdSchema, normaliseContact, roleIdSchema, serverIdSchema } from 'shared-contracts/schemas';
import type { z } from 'zod';
import { toNumber, type Queryable } from '../db/database.js';
import { ApiFailure } from '../http/api-failure.js';
import type { AuthenticatedAccount } from '../identity/types.js';
import { attachFiles } from './attachments.js';
import type { TicketServiceOptions } from './ticket-options.js';

type CreateBody = z.output<typeof inquiryCreateBodySchema>;

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

/**
 * Opens a ticket with its attachments. The same (account, requestId) answers with the ticket it made first,
 * whatever the limits say by then, also when two copies of the request arrive together. The rules that must hold
 * across replicas are decided in one database call under the account's row lock (migration 0006, open_ticket):
 * one round trip instead of a dozen is what lets the API open thousands of tickets a second. Attachments are
 * claimed in the same transaction, so a refused one leaves no ticket behind.
 */
export async function openTicket(
  options: TicketServiceOptions,
  account: AuthenticatedAccount,
  body: CreateBody,
  language: Language,
): Promise<{ inquiryId: number }> {
  const now = options.now();
  const { openTicketsMax, createsPerAccount } = options.limits;
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
      ? await open(options.db)
      : await options.db.transaction(async (tx) => {
          const result = await open(tx);
          if (result.outcome === 'created') {
            const ticketId = toNumber(result.inquiry_id);
            await attachFiles(tx, body.attachments, { ownerAccountId: account.accountId, ticketId, messageId: null, now, rule: 'message' });
          }
          return result;
        });
  if (row.outcome === 'created') options.events?.created();
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
