import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ERROR_CODES, ROUTES, type LoginResult, type SocialProvider } from 'shared-contracts';
import type { Database, Queryable } from '../db/database.js';
import { ApiFailure } from '../http/api-failure.js';
import { requestHost } from '../http/forwarded.js';
import { recordAccountEvent, uniqueViolation } from '../identity/accounts.js';
import { IDENTITY_MESSAGES } from '../identity/refusals.js';
import type { Sessions } from '../identity/sessions.js';
import { Throttle, type Limit } from '../identity/throttle.js';
import type { OAuthSettings } from './config.js';
import { ProviderClient, ProviderError, type LoginChecks, type ProvedIdentity } from './provider-clients.js';

/** The `msg` of social-login refusals: keys the browser translates (`account:errors.<msg>`). */
export const SOCIAL_MESSAGES = {
  providerUnavailable: 'socialProviderUnavailable',
  redirectNotAllowed: 'redirectNotAllowed',
  stateInvalid: 'socialStateInvalid',
  loginFailed: 'socialLoginFailed',
} as const;

/** How long a started login may take to come back (the state's lifetime). */
export const SOCIAL_LOGIN_TTL_MINUTES = 10;

const failure = {
  unavailable: () => new ApiFailure(ERROR_CODES.notFound, SOCIAL_MESSAGES.providerUnavailable),
  redirect: () => new ApiFailure(ERROR_CODES.badRequest, SOCIAL_MESSAGES.redirectNotAllowed),
  state: () => new ApiFailure(ERROR_CODES.codeRejected, SOCIAL_MESSAGES.stateInvalid),
  login: () => new ApiFailure(ERROR_CODES.badRequest, SOCIAL_MESSAGES.loginFailed),
};

function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

function random(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export interface SocialLoginDependencies {
  db: Database;
  now: () => Date;
  sessions: Sessions;
  settings: OAuthSettings;
  /** Where provider failures are logged (they reach the player only as `socialLoginFailed`). */
  onProviderError: (error: ProviderError, provider: SocialProvider) => void;
  /** Starts per client address (counted in the database, so across replicas); more answer 4290. */
  startsPerIp: Limit;
}

interface LoginRow {
  id: number;
  provider: SocialProvider;
  code_verifier: string;
  nonce: string | null;
  redirect_uri: string;
  binding_hash: string;
  expires_at: Date;
}

export interface CompletionAnswer {
  code: string;
  state: string;
  iss?: string | undefined;
  /** VK only. */
  deviceId?: string | undefined;
  /** Remember me was ticked when the login started: a remembered session (ACCOUNT_RULES). */
  remember?: boolean | undefined;
  /** The browser's binding cookie (SOCIAL_BINDING_COOKIE), if it sent one. */
  browserBinding: string | null;
}

/**
 * The cookie that ties a social login to the browser that started it: `__Host-` (this host only, Path=/, Secure),
 * HttpOnly (no script reads it) and SameSite=Lax (sent with the landing page's same-site calls). Without it, a
 * code and state seen elsewhere (a log, a Referer, a shoulder) would log whoever presents them in, and an attacker
 * could land a victim's tab on the attacker's own login. A cookie rather than the tab's session storage because
 * the server must refuse the completion, not just the page: under `npm start` and behind the edge the API is
 * reached through the site's own /api/ path, so the cookie is first-party there (Chromium also keeps Secure
 * cookies on http://*.localhost). One binding per browser serves every login it starts, so two tabs do not
 * undo each other's.
 */
export const SOCIAL_BINDING_COOKIE = '__Host-social_login';
const BINDING_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Social logins (SPEC §6; DESIGN §5): start (a provider URL with state, PKCE and nonce kept here) and completion
 * (state checked once, code exchanged, identity linked to an account, a session started).
 */
export class SocialLogins {
  private readonly clients = new Map<SocialProvider, ProviderClient>();
  private readonly origins: ReadonlySet<string>;

  private readonly throttle: Throttle;

  constructor(private readonly deps: SocialLoginDependencies) {
    this.throttle = new Throttle(deps.db, deps.now);
    for (const [provider, settings] of Object.entries(deps.settings.providers) as [
      SocialProvider,
      OAuthSettings['providers'][SocialProvider],
    ][]) {
      if (settings) this.clients.set(provider, new ProviderClient(provider, settings));
    }
    this.origins = new Set(deps.settings.redirectOrigins);
  }

  private client(provider: SocialProvider): ProviderClient {
    const found = this.clients.get(provider);
    if (!found) throw failure.unavailable();
    return found;
  }

  /**
   * The site's address the provider sends the browser back to: the origin the browser used (X-Forwarded-Proto and
   * X-Forwarded-Host from the site's server, else Host), only when it is on the allow-list.
   */
  redirectUri(provider: SocialProvider, headers: IncomingHttpHeaders): string {
    const host = requestHost(headers);
    const protoHeader = headers['x-forwarded-proto'];
    const proto = (Array.isArray(protoHeader) ? protoHeader[0] : protoHeader)?.split(',')[0]?.trim().toLowerCase() || 'http';
    const origin = `${proto}://${host}`;
    if (!host || (proto !== 'http' && proto !== 'https') || !this.origins.has(origin)) throw failure.redirect();
    return `${origin}${provider === 'vk' ? ROUTES.vkRedirect : ROUTES.login}`;
  }

  /**
   * A provider's authorization URL for a new login, and the browser binding to keep in the cookie: the one the
   * browser sent when it is well-formed, else a new one.
   */
  async start(
    provider: SocialProvider,
    headers: IncomingHttpHeaders,
    ip: string,
    browserBinding: string | null,
  ): Promise<{ authorizeUrl: string; browserBinding: string }> {
    const client = this.client(provider);
    const counted = await this.throttle.hit([{ bucket: 'social_start_ip', key: ip, limit: this.deps.startsPerIp }]);
    if (!counted.allowed) {
      throw new ApiFailure(ERROR_CODES.tooManyRequests, IDENTITY_MESSAGES.tooManyAttempts, {
        retryAfterSeconds: counted.retryAfterSeconds,
      });
    }
    const redirectUri = this.redirectUri(provider, headers);
    const checks: LoginChecks = {
      redirectUri,
      state: random(),
      codeVerifier: random(48),
      nonce: client.usesNonce ? random() : null,
    };
    let authorizeUrl: string;
    try {
      authorizeUrl = await client.authorizationUrl(checks);
    } catch (error) {
      throw this.providerFailure(error, provider);
    }
    const binding = browserBinding && BINDING_PATTERN.test(browserBinding) ? browserBinding : random();
    // Expired rows are deleted by the retention job (retention.ts).
    const now = this.deps.now();
    await this.deps.db.query(
      `INSERT INTO oauth_logins (state_hash, provider, code_verifier, nonce, redirect_uri, created_at, expires_at, binding_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        sha256(checks.state),
        provider,
        checks.codeVerifier,
        checks.nonce,
        redirectUri,
        now,
        new Date(now.getTime() + SOCIAL_LOGIN_TTL_MINUTES * 60_000),
        sha256(binding),
      ],
    );
    return { authorizeUrl, browserBinding: binding };
  }

  async complete(provider: SocialProvider, answer: CompletionAnswer, ip: string): Promise<LoginResult> {
    const client = this.client(provider);
    const now = this.deps.now();
    // Used up by its first use, whatever comes next: a replayed or leaked state is worthless.
    const { rows } = await this.deps.db.query<LoginRow>(
      `UPDATE oauth_logins SET consumed_at = $2 WHERE state_hash = $1 AND consumed_at IS NULL
       RETURNING id, provider, code_verifier, nonce, redirect_uri, expires_at, binding_hash`,
      [sha256(answer.state), now],
    );
    const row = rows[0];
    if (!row || row.provider !== provider || new Date(row.expires_at).getTime() <= now.getTime()) throw failure.state();
    // Another browser's answer: refused, and its state is spent, so a leaked code and state are worth nothing.
    if (answer.browserBinding === null || sha256(answer.browserBinding) !== row.binding_hash) throw failure.state();

    let identity: ProvedIdentity;
    try {
      identity = await client.complete(
        { redirectUri: row.redirect_uri, codeVerifier: row.code_verifier, nonce: row.nonce, state: answer.state },
        { code: answer.code, iss: answer.iss },
        provider === 'vk' && answer.deviceId ? { device_id: answer.deviceId, state: answer.state } : {},
      );
    } catch (error) {
      throw this.providerFailure(error, provider);
    }
    return this.signIn(provider, identity, answer.remember === true, ip);
  }

  private providerFailure(error: unknown, provider: SocialProvider): unknown {
    if (!(error instanceof ProviderError)) return error;
    this.deps.onProviderError(error, provider);
    return failure.login();
  }

  /** The account of the identity, created on its first login; a new session for it. */
  private async signIn(provider: SocialProvider, identity: ProvedIdentity, remember: boolean, ip: string): Promise<LoginResult> {
    const { db, now } = this.deps;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        return await db.transaction(async (tx) => {
          const at = now();
          const linked = await tx.query<{ id: number; account: string }>(
            `SELECT a.id, a.account FROM account_identities i JOIN accounts a ON a.id = i.account_id
             WHERE i.provider = $1 AND i.subject = $2`,
            [provider, identity.subject],
          );
          const account = linked.rows[0] ?? (await this.createAccount(tx, provider, identity, at));
          const session = await this.deps.sessions.create(account.id, remember, tx);
          await recordAccountEvent(tx, account.id, 'login', ip, at);
          return {
            token: session.token,
            account: account.account,
            type: 'THIRD_PARTY' as const,
            role: session.role,
            expiresAt: session.expiresAt.toISOString(),
          };
        });
      } catch (error) {
        // Two first logins of one identity at once: the loser finds the winner's account on the next round.
        if (uniqueViolation(error) !== 'account_identities_provider_subject_key') throw error;
      }
    }
    throw failure.login();
  }

  private async createAccount(
    tx: Queryable,
    provider: SocialProvider,
    identity: ProvedIdentity,
    at: Date,
  ): Promise<{ id: number; account: string }> {
    const digest = sha256(`${provider}:${identity.subject}`);
    // An address another account already uses stays with that account: it is not linked on a provider's word.
    const email = identity.email
      ? (await tx.query('SELECT 1 FROM accounts WHERE lower(email) = lower($1)', [identity.email])).rows.length > 0
        ? null
        : identity.email
      : null;
    for (const length of [10, 16, 24, 64]) {
      const name = `${provider}-${digest.slice(0, length)}`;
      const taken = await tx.query('SELECT 1 FROM accounts WHERE lower(account) = lower($1)', [name]);
      if (taken.rows.length > 0) continue;
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO accounts (account, type, email, created_at, updated_at) VALUES ($1, 'THIRD_PARTY', $2, $3, $3) RETURNING id`,
        [name, email, at],
      );
      const id = rows[0]?.id;
      if (id === undefined) throw new Error('account insert returned no id');
      await tx.query('INSERT INTO account_identities (account_id, provider, subject, created_at) VALUES ($1, $2, $3, $4)', [
        id,
        provider,
        identity.subject,
        at,
      ]);
      await recordAccountEvent(tx, id, 'created', null, at);
      return { id, account: name };
    }
    throw new Error('no free account name for a social login');
  }
}
