import type { Attachment, InquiryDetail, InquiryMessage, InquirySummary, Language, TicketStatus, TicketType } from 'shared-contracts';
import { FALLBACK_LANGUAGE } from '../http/call-language.js';
import { toNumber, type Queryable, type SqlValue } from '../db/database.js';
import { toAttachment, type AttachmentRow } from '../files/file-rows.js';

/**
 * How tickets are read back for answers: summaries for lists, a whole conversation for step four and the agents'
 * desk. Names come in the request's language from the *_texts tables (English, then any language, when a text is
 * missing), read straight from the tables rather than the reference cache, because a ticket keeps naming a
 * category, region or game that has since been withdrawn.
 */

/** The best text of a thing in `$1` (the language), then English, then any. */
function textIn(table: string, match: string): string {
  return `(SELECT x.name FROM ${table} x WHERE ${match}
           ORDER BY (x.lang = $1) DESC, (x.lang = '${FALLBACK_LANGUAGE}') DESC, x.lang LIMIT 1)`;
}

/** The columns of a summary over SUMMARY_FROM; `$1` is the language. `account` is the owner's name (agents see it). */
export const SUMMARY_COLUMNS = `t.id, t.ticket_type, t.title, t.game_id, g.title AS game_name,
         COALESCE(${textIn('inquiry_category_texts', 'x.category_id = t.category_id')}, '') AS category_name,
         t.status, t.feedback_at IS NOT NULL AS unread, t.created_at, t.updated_at, a.account`;

/** A ticket `t` with its game `g` and its owner's account `a`. */
export const SUMMARY_FROM = `FROM tickets t
  JOIN games g ON g.id = t.game_id
  JOIN accounts a ON a.id = t.account_id`;

/** A summary's select; callers add their own conditions and parameters from `$2`. */
export const SUMMARY_SELECT = `SELECT ${SUMMARY_COLUMNS} ${SUMMARY_FROM}`;

export interface SummaryRow {
  id: number | string;
  ticket_type: TicketType;
  title: string;
  game_id: number;
  game_name: string;
  category_name: string;
  status: TicketStatus;
  unread: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  account: string;
}

export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function toSummary(row: SummaryRow): InquirySummary {
  return {
    id: toNumber(row.id),
    ticketType: row.ticket_type,
    title: row.title,
    gameId: row.game_id,
    gameName: row.game_name,
    categoryName: row.category_name,
    status: row.status,
    unread: row.unread,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Summaries matching `where` (over `t` tickets, `a` accounts), `$1` being the language. */
export async function readSummaries(
  q: Queryable,
  language: Language,
  where: string,
  params: readonly SqlValue[],
  tail = '',
): Promise<SummaryRow[]> {
  const { rows } = await q.query<SummaryRow>(`${SUMMARY_SELECT} WHERE ${where} ${tail}`, [language, ...params]);
  return rows;
}

interface FileRow extends AttachmentRow {
  message_id: number | string | null;
}

/** A ticket's files grouped by message; the question's own are under `null`. */
async function readAttachments(q: Queryable, ticketId: number, messageId?: number): Promise<Map<number | null, Attachment[]>> {
  const { rows } = await q.query<FileRow>(
    `SELECT id, name, size, kind, content_type, message_id FROM files
     WHERE ticket_id = $1 AND ($2::bigint IS NULL OR message_id = $2::bigint)
     ORDER BY attached_at, created_at, id`,
    [ticketId, messageId ?? null],
  );
  const byMessage = new Map<number | null, Attachment[]>();
  for (const row of rows) {
    const key = row.message_id === null ? null : toNumber(row.message_id);
    const list = byMessage.get(key) ?? [];
    list.push(toAttachment(row));
    byMessage.set(key, list);
  }
  return byMessage;
}

interface MessageRow {
  id: number | string;
  author: InquiryMessage['author'];
  content: string;
  created_at: Date | string;
}

/** One message of a ticket with its attachments (the answer of a reply, first or repeated). */
export async function readMessage(q: Queryable, ticketId: number, messageId: number): Promise<InquiryMessage> {
  const { rows } = await q.query<MessageRow>(
    'SELECT id, author, content, created_at FROM ticket_messages WHERE ticket_id = $1 AND id = $2',
    [ticketId, messageId],
  );
  const row = rows[0];
  if (!row) throw new Error(`Message ${messageId} of ticket ${ticketId} vanished`);
  const attachments = await readAttachments(q, ticketId, messageId);
  return {
    id: toNumber(row.id),
    author: row.author,
    content: row.content,
    attachments: attachments.get(messageId) ?? [],
    createdAt: iso(row.created_at),
  };
}

interface DetailRow extends SummaryRow {
  server_id: string | null;
  server_name: string | null;
  area_id: string | null;
  area_name: string | null;
  role_id: string | null;
  role_name: string | null;
  content: string;
  contact_kind: InquiryDetail['contactKind'];
  contact: string;
  lang: Language;
  ended_by: InquiryDetail['endedBy'];
  ended_at: Date | string | null;
  score: number | null;
  reasons: string[] | null;
  comment: string | null;
  rated_at: Date | string | null;
}

/** A ticket's conversation, and the owner's account name and language for the agents' desk. */
export interface TicketConversation {
  detail: InquiryDetail;
  account: string;
  language: Language;
}

/** One ticket with its whole conversation, or null when there is no such ticket. Callers check ownership. */
export async function readDetail(q: Queryable, language: Language, ticketId: number): Promise<TicketConversation | null> {
  const { rows } = await q.query<DetailRow>(
    `SELECT s.*, t.server_id, srv.name AS server_name, t.area_id,
            ${textIn('game_area_texts', 'x.game_id = t.game_id AND x.server_id = t.server_id AND x.area_id = t.area_id')} AS area_name,
            t.role_id, t.role_name, t.content, t.contact_kind, t.contact, t.lang, t.ended_by, t.ended_at,
            r.score, r.reasons, r.comment, r.created_at AS rated_at
     FROM (${SUMMARY_SELECT} WHERE t.id = $2) s
     JOIN tickets t ON t.id = s.id
     LEFT JOIN game_servers srv ON srv.game_id = t.game_id AND srv.id = t.server_id
     LEFT JOIN ticket_ratings r ON r.ticket_id = t.id`,
    [language, ticketId],
  );
  const row = rows[0];
  if (!row) return null;
  const { rows: messages } = await q.query<MessageRow>(
    'SELECT id, author, content, created_at FROM ticket_messages WHERE ticket_id = $1 ORDER BY id',
    [ticketId],
  );
  const attachments = await readAttachments(q, ticketId);
  const detail: InquiryDetail = {
    ...toSummary(row),
    serverId: row.server_id ?? '',
    serverName: row.server_name ?? '',
    gameAreaId: row.area_id ?? '',
    areaName: row.area_name ?? '',
    roleId: row.role_id ?? '',
    roleName: row.role_name ?? '',
    content: row.content,
    contactKind: row.contact_kind,
    contact: row.contact,
    attachments: attachments.get(null) ?? [],
    messages: messages.map((message) => {
      const id = toNumber(message.id);
      return {
        id,
        author: message.author,
        content: message.content,
        attachments: attachments.get(id) ?? [],
        createdAt: iso(message.created_at),
      };
    }),
    endedBy: row.ended_by,
    endedAt: row.ended_at === null ? null : iso(row.ended_at),
    rating:
      row.score === null
        ? null
        : {
            score: row.score,
            reasons: (row.reasons ?? []) as NonNullable<InquiryDetail['rating']>['reasons'],
            comment: row.comment ?? '',
            createdAt: iso(row.rated_at ?? row.created_at),
          },
  };
  return { detail, account: row.account, language: row.lang };
}
