import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_RULES } from 'shared-contracts';
import type { Database, Queryable } from '../db/database.js';
import type { AccountType, AuthenticatedAccount, Role } from './types.js';

/** 32 random bytes, base64url without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** last_seen_at is refreshed at most this often, so reading a session is not a write on every call. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;
/** Revoked and expired sessions are kept this long (support can see recent ones), then purged at the next login. */
const SESSION_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The NOTIFY channel told when sessions end early (logout, log out of the other devices, a password changed or
 * reset), with the transaction that ends them: every replica's live channel then ends those sessions' streams at
 * once rather than at its next heartbeat.
 */
export const SESSIONS_ENDED_CHANNEL = 'sessions_ended';

/** Tells the replicas that sessions ended; within a transaction, only once it commits (and not if it rolls back). */
async function notifySessionsEnded(runner: Queryable, ended: number): Promise<void> {
  if (ended > 0) await runner.query(`SELECT pg_notify('${SESSIONS_ENDED_CHANNEL}', '')`);
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface NewSession {
  token: string;
  expiresAt: Date;
  /** The account's role, which the login's answer tells the browser. */
  role: Role;
}

/** How long a session may live and sit unused: by role and remember me (ACCOUNT_RULES). */
export function sessionLifetime(role: Role, remember: boolean): { hours: number; idleMinutes: number } {
  if (role === 'agent') return { hours: ACCOUNT_RULES.agentSessionHours, idleMinutes: ACCOUNT_RULES.agentSessionIdleMinutes };
  return remember
    ? { hours: ACCOUNT_RULES.rememberedSessionHours, idleMinutes: ACCOUNT_RULES.rememberedSessionIdleMinutes }
    : { hours: ACCOUNT_RULES.sessionHours, idleMinutes: ACCOUNT_RULES.sessionIdleMinutes };
}

/** The bearer token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header);
  return match?.[1] ?? null;
}

interface SessionRow {
  session_id: number;
  account_id: number;
  account: string;
  type: AccountType;
  role: Role;
  lead: boolean;
  remember: boolean;
  last_seen_at: Date | null;
}

/**
 * Session tokens: random, handed out once, stored only as their SHA-256, valid until they expire, sit unused for
 * longer than their idle time (sessionLifetime) or are revoked. Times come from the injected clock.
 */
export class Sessions {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  /**
   * Starts a session, remembered or not (remember me; never for agents); pass the transaction when it must commit
   * together with other changes.
   */
  async create(accountId: number, remember: boolean, runner: Queryable = this.db): Promise<NewSession> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    const { rows } = await runner.query<{ role: Role }>('SELECT role FROM accounts WHERE id = $1', [accountId]);
    const role = rows[0]?.role ?? 'player';
    const lifetime = sessionLifetime(role, remember);
    const expiresAt = new Date(now.getTime() + lifetime.hours * 60 * 60 * 1000);
    await runner.query(`DELETE FROM sessions WHERE account_id = $1 AND coalesce(revoked_at, expires_at) < $2`, [
      accountId,
      new Date(now.getTime() - SESSION_RETENTION_MS),
    ]);
    await runner.query(
      `INSERT INTO sessions (account_id, token_hash, created_at, expires_at, last_seen_at, remember, idle_timeout_seconds)
       VALUES ($1, $2, $3, $4, $3, $5, $6)`,
      [accountId, hashToken(token), now, expiresAt, remember && role !== 'agent', lifetime.idleMinutes * 60],
    );
    return { token, expiresAt, role };
  }

  /**
   * The account behind a token that exists, has not expired, was used within its idle time and was not revoked;
   * null otherwise. The use counts as the person's activity (the idle time starts again) unless `activity` is false:
   * what the browser does by itself, such as reopening the live channel, must not keep an unattended session alive.
   * last_seen_at is written at most every LAST_SEEN_RESOLUTION_MS, so the idle time holds to within those few minutes.
   */
  async resolve(token: string | null, { activity = true }: { activity?: boolean } = {}): Promise<AuthenticatedAccount | null> {
    if (!token || !TOKEN_PATTERN.test(token)) return null;
    const now = this.now();
    const { rows } = await this.db.query<SessionRow>(
      `SELECT s.id AS session_id, a.id AS account_id, a.account, a.type, a.role, a.lead, s.remember, s.last_seen_at
       FROM sessions s JOIN accounts a ON a.id = s.account_id
       WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2
         AND coalesce(s.last_seen_at, s.created_at) + s.idle_timeout_seconds * interval '1 second' > $2`,
      [hashToken(token), now],
    );
    const row = rows[0];
    if (!row) return null;
    if (activity && (!row.last_seen_at || now.getTime() - new Date(row.last_seen_at).getTime() >= LAST_SEEN_RESOLUTION_MS)) {
      await this.db.query('UPDATE sessions SET last_seen_at = $2 WHERE id = $1', [row.session_id, now]);
    }
    return {
      sessionId: row.session_id,
      accountId: row.account_id,
      account: row.account,
      type: row.type,
      role: row.role,
      lead: row.lead,
      remember: row.remember,
    };
  }

  /** Ends one session (logout); its live streams end at once, on every replica (SESSIONS_ENDED_CHANNEL). */
  async revoke(sessionId: number, runner: Queryable = this.db): Promise<void> {
    const { rowCount } = await runner.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [
      sessionId,
      this.now(),
    ]);
    await notifySessionsEnded(runner, rowCount);
  }

  /** Ends every session of an account (password reset, password change), their live streams with them. */
  async revokeAll(accountId: number, runner: Queryable = this.db): Promise<void> {
    const { rowCount } = await runner.query('UPDATE sessions SET revoked_at = $2 WHERE account_id = $1 AND revoked_at IS NULL', [
      accountId,
      this.now(),
    ]);
    await notifySessionsEnded(runner, rowCount);
  }

  /**
   * Ends every live session of an account but `keptSessionId` (log out of the other devices), their live streams
   * with them, and answers how many it ended. Sessions already revoked, expired or past their idle time were dead and stay as they are, so a second
   * call ends none.
   */
  async revokeAllBut(accountId: number, keptSessionId: number, runner: Queryable = this.db): Promise<number> {
    const { rowCount } = await runner.query(
      `UPDATE sessions SET revoked_at = $3
       WHERE account_id = $1 AND id <> $2 AND revoked_at IS NULL AND expires_at > $3
         AND coalesce(last_seen_at, created_at) + idle_timeout_seconds * interval '1 second' > $3`,
      [accountId, keptSessionId, this.now()],
    );
    await notifySessionsEnded(runner, rowCount);
    return rowCount;
  }
}
