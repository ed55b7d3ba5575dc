import { createHash, randomUUID } from 'node:crypto';
import { LIMITS, type AttachmentKind } from 'shared-contracts';
import type { Database, SqlValue } from '../src/db/database.js';
import type { UploadQuotas } from '../src/files/upload-quota.js';
import { seedDemoAccounts } from '../src/seed/demo-accounts.js';
import type { TicketLimits } from '../src/tickets/ticket-options.js';
import { readSupportSeed, seedSupport } from '../src/seed/support-seed.js';
import { call, okData } from './api-calls.js';
import { createTestApp, testHasher, type TestApp } from './helpers.js';
import { loginToken } from './identity-helpers.js';
import { type CreateBody, replyBody } from './ticket-bodies.js';

/** A test app with the demo games, accounts (player1, player2, agent1) and support data, and their tokens. */
export interface TicketHarness extends TestApp {
  player1: string;
  player2: string;
  agent: string;
  ids: { player1: number; player2: number; agent: number };
}

export async function accountIdOf(db: Database, account: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM accounts WHERE account = $1', [account]);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`No account ${account}`);
  return Number(id);
}

/**
 * The harness's players open dozens of tickets and messages in one file's tests, so the per-account caps and
 * throttles are lifted unless a test passes its own `ticketLimits` (ticket-limits.test.ts checks the defaults);
 * so are the upload quotas, which the demo players' uploads of a whole file would reach (files-quota.test.ts
 * checks them).
 */
const LIFTED_TICKET_LIMITS: TicketLimits = {
  openTicketsMax: 1_000,
  createsPerAccount: { max: 1_000, windowSeconds: 60 },
  repliesPerAccount: { max: 1_000, windowSeconds: 60 },
};

const LIFTED_UPLOAD_QUOTA = { uploads: 100_000, bytes: 100_000 * 1024 * 1024, windowSeconds: 60 };
const LIFTED_UPLOAD_QUOTAS: UploadQuotas = { player: LIFTED_UPLOAD_QUOTA, agent: LIFTED_UPLOAD_QUOTA };

export async function createTicketHarness(options: Parameters<typeof createTestApp>[0] = {}): Promise<TicketHarness> {
  const harness = await createTestApp({
    ...options,
    ticketLimits: { ...LIFTED_TICKET_LIMITS, ...options.ticketLimits },
    uploadQuotas: { ...LIFTED_UPLOAD_QUOTAS, ...options.uploadQuotas },
  });
  try {
    await seedDemoAccounts(harness.db, testHasher);
    const seeded = await seedSupport(harness.db, await readSupportSeed());
    // Every seeded character belongs to a demo account, or the tickets about them would fail for another reason.
    if (seeded.rolesSkipped > 0) throw new Error(`The support seed skipped ${seeded.rolesSkipped} characters`);
    harness.app.support.invalidate();
    return {
      ...harness,
      player1: await loginToken(harness, 'player1', 'player1-pass'),
      player2: await loginToken(harness, 'player2', 'player2-pass'),
      agent: await loginToken(harness, 'agent1', 'agent1-pass'),
      ids: {
        player1: await accountIdOf(harness.db, 'player1'),
        player2: await accountIdOf(harness.db, 'player2'),
        agent: await accountIdOf(harness.db, 'agent1'),
      },
    };
  } catch (error) {
    await harness.cleanup();
    throw error;
  }
}

/**
 * Logs the demo accounts in again, as their owners would after the clock moved past their sessions' idle time or
 * lifetime (ACCOUNT_RULES: hours, not the days the auto-end and upload tests move).
 */
export async function renewSessions(harness: TicketHarness): Promise<void> {
  harness.player1 = await loginToken(harness, 'player1', 'player1-pass');
  harness.player2 = await loginToken(harness, 'player2', 'player2-pass');
  harness.agent = await loginToken(harness, 'agent1', 'agent1-pass');
}

export async function createTicket(harness: TicketHarness, token: string, body: CreateBody, query = '?spec_lang=en'): Promise<number> {
  return okData('createInquiry', await call(harness, 'createInquiry', { token, body, query })).inquiryId;
}

/** A ticket's conversation as its player sees it, in `language`. */
export function inquiryDetail(harness: TicketHarness, token: string, inquiryId: number, language = 'en') {
  return call(harness, 'inquiryDetail', { token, query: `?inquiryId=${inquiryId}&spec_lang=${language}` });
}

/** agent1's reply on a ticket, which must succeed. */
export async function agentReply(harness: TicketHarness, inquiryId: number, content = 'We are looking into it.') {
  return okData(
    'agentInquiryReply',
    await call(harness, 'agentInquiryReply', { token: harness.agent, body: replyBody(inquiryId, content) }),
  );
}

export async function ticketCount(harness: TestApp, accountId: number): Promise<number> {
  return countRows(harness.db, 'tickets WHERE account_id = $1', [accountId]);
}

/** How long a replied chat waits for its player before it ends by itself (SPEC §4). */
export const AUTO_END_MS = LIMITS.autoEndHours * 3_600_000;

/** A word no other test puts in a ticket, so a keyword search sees only this test's tickets. */
export function marker(): string {
  return `mk${Math.random().toString(36).slice(2, 10)}`;
}

export interface TestFile {
  kind?: AttachmentKind;
  name?: string;
  contentType?: string;
  size?: number;
  createdAt?: Date;
}

const CONTENT_TYPES: Record<AttachmentKind, [string, string]> = {
  image: ['screenshot.png', 'image/png'],
  video: ['clip.mp4', 'video/mp4'],
  other: ['log.txt', 'text/plain'],
};

/**
 * An uploaded, unattached file row as the upload endpoint leaves it (the bytes are not needed by the ticket
 * calls, which only attach and describe files).
 */
export async function insertFile(harness: TestApp, ownerAccountId: number, file: TestFile = {}): Promise<string> {
  const id = randomUUID();
  const kind = file.kind ?? 'image';
  const [name, contentType] = CONTENT_TYPES[kind];
  await harness.db.query(
    `INSERT INTO files (id, owner_account_id, state, name, kind, content_type, size, sha256, storage_key, created_at)
     VALUES ($1, $2, 'stored', $3, $4, $5, $6, $7, $8, $9)`,
    [
      id,
      ownerAccountId,
      file.name ?? name,
      kind,
      file.contentType ?? contentType,
      file.size ?? 1234,
      createHash('sha256').update(id).digest('hex'),
      `test/${id}`,
      file.createdAt ?? harness.clock.now(),
    ],
  );
  return id;
}

export async function ticketRow(db: Database, id: number) {
  const { rows } = await db.query<{
    status: string;
    ended_by: string | null;
    ended_at: Date | null;
    feedback_at: Date | null;
    player_read_at: Date | null;
    last_agent_reply_at: Date | null;
    updated_at: Date;
    lang: string;
    contact: string;
    role_name: string | null;
    server_id: string | null;
  }>('SELECT * FROM tickets WHERE id = $1', [id]);
  const row = rows[0];
  if (!row) throw new Error(`No ticket ${id}`);
  return row;
}

export async function countRows(db: Database, sql: string, params: readonly SqlValue[] = []): Promise<number> {
  const { rows } = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${sql}`, params);
  return rows[0]?.count ?? 0;
}
