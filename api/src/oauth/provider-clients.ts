import * as client from 'openid-client';
import type { SocialProvider } from 'shared-contracts';
import type { PlainProviderSettings, ProviderSettings } from './config.js';

/** Seconds any one call to a provider may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** What the site learns from a provider: its stable user id, and an e-mail address the provider vouches for. */
export interface ProvedIdentity {
  subject: string;
  email: string | null;
}

/** What the completion call checks and sends, kept by the server since the start call. */
export interface LoginChecks {
  redirectUri: string;
  codeVerifier: string;
  nonce: string | null;
  state: string;
}

/** A provider answered with an error, or its answer failed a check: the player sees "social login failed". */
export class ProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderError';
  }
}

/** Where each plain OAuth 2 provider keeps the user id in its user endpoint's answer. */
const SUBJECT_OF: Record<'facebook' | 'twitter' | 'vk', (body: Record<string, unknown>) => unknown> = {
  // Graph API /me: { id }
  facebook: (body) => body.id,
  // Twitter API v2 /2/users/me: { data: { id } }
  twitter: (body) => (body.data as Record<string, unknown> | undefined)?.id,
  // VK ID /oauth2/user_info: { user: { user_id } }
  vk: (body) => (body.user as Record<string, unknown> | undefined)?.user_id,
};

function isInsecure(url: string): boolean {
  return new URL(url).protocol === 'http:';
}

/** `email_verified` is a boolean in the standard, a string at some providers (Apple). */
function verifiedEmail(claims: Record<string, unknown> | undefined): string | null {
  if (!claims) return null;
  const { email, email_verified: verified } = claims;
  if (typeof email !== 'string' || email.length < 3 || email.length > 254 || !email.includes('@')) return null;
  return verified === true || verified === 'true' ? email : null;
}

function clientAuth(settings: ProviderSettings, provider: SocialProvider): client.ClientAuth {
  if (!settings.clientSecret) return client.None();
  // Twitter wants HTTP Basic from confidential clients; the others accept the secret in the body.
  return provider === 'twitter' ? client.ClientSecretBasic(settings.clientSecret) : client.ClientSecretPost(settings.clientSecret);
}

/**
 * One provider's OAuth client (openid-client 6): builds authorization URLs with state, PKCE (S256) and, for
 * OpenID Connect, nonce; exchanges a code with the PKCE verifier; and finds out who logged in, from the checked
 * ID token (OpenID Connect) or the provider's user endpoint (plain OAuth 2).
 */
export class ProviderClient {
  private configuration: Promise<client.Configuration> | null = null;

  constructor(
    readonly provider: SocialProvider,
    private readonly settings: ProviderSettings,
  ) {}

  /** Discovery runs once; a failed one is tried again at the next login. */
  private config(): Promise<client.Configuration> {
    if (!this.configuration) {
      this.configuration = this.load().catch((error: unknown) => {
        this.configuration = null;
        throw new ProviderError(`${this.provider}: provider metadata unavailable`, { cause: error });
      });
    }
    return this.configuration;
  }

  private async load(): Promise<client.Configuration> {
    const { settings } = this;
    const auth = clientAuth(settings, this.provider);
    if (settings.kind === 'oidc') {
      return client.discovery(new URL(settings.issuer), settings.clientId, undefined, auth, {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        ...(isInsecure(settings.issuer) ? { execute: [client.allowInsecureRequests] } : {}),
      });
    }
    const metadata: client.ServerMetadata = {
      issuer: new URL(settings.authorizationEndpoint).origin,
      authorization_endpoint: settings.authorizationEndpoint,
      token_endpoint: settings.tokenEndpoint,
      code_challenge_methods_supported: ['S256'],
    };
    const configuration = new client.Configuration(metadata, settings.clientId, undefined, auth);
    configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
    if (isInsecure(settings.authorizationEndpoint) || isInsecure(settings.tokenEndpoint)) client.allowInsecureRequests(configuration);
    return configuration;
  }

  get usesNonce(): boolean {
    return this.settings.kind === 'oidc';
  }

  async authorizationUrl(checks: LoginChecks): Promise<string> {
    const configuration = await this.config();
    const parameters: Record<string, string> = {
      redirect_uri: checks.redirectUri,
      response_type: 'code',
      scope: this.settings.scope,
      state: checks.state,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    };
    if (checks.nonce) parameters.nonce = checks.nonce;
    return client.buildAuthorizationUrl(configuration, parameters).href;
  }

  /**
   * Exchanges the code and returns the identity it proves. `iss` is the issuer the provider named in its answer
   * (OpenID Connect only); `extra` goes with the code exchange (VK's device_id).
   */
  async complete(
    checks: LoginChecks,
    answer: { code: string; iss?: string | undefined },
    extra: Record<string, string> = {},
  ): Promise<ProvedIdentity> {
    const configuration = await this.config();
    const current = new URL(checks.redirectUri);
    current.searchParams.set('code', answer.code);
    current.searchParams.set('state', checks.state);
    if (this.settings.kind === 'oidc' && answer.iss) current.searchParams.set('iss', answer.iss);
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(
        configuration,
        current,
        {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          ...(checks.nonce ? { expectedNonce: checks.nonce } : {}),
          idTokenExpected: this.settings.kind === 'oidc',
        },
        Object.keys(extra).length > 0 ? extra : undefined,
      );
    } catch (error) {
      throw new ProviderError(`${this.provider}: the code exchange failed`, { cause: error });
    }

    if (this.settings.kind === 'oidc') {
      const claims = tokens.claims();
      if (!claims?.sub) throw new ProviderError(`${this.provider}: the ID token has no subject`);
      return { subject: claims.sub, email: verifiedEmail(claims) };
    }
    return this.userinfo(this.settings, tokens.access_token);
  }

  /** The plain OAuth 2 providers' user endpoints: Bearer GET, or VK's form POST with client_id and access_token. */
  private async userinfo(settings: PlainProviderSettings, accessToken: string): Promise<ProvedIdentity> {
    const provider = this.provider as keyof typeof SUBJECT_OF;
    let body: unknown;
    try {
      const response =
        provider === 'vk'
          ? await fetch(settings.userinfoEndpoint, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
              body: new URLSearchParams({ client_id: settings.clientId, access_token: accessToken }).toString(),
              signal: AbortSignal.timeout(PROVIDER_TIMEOUT_SECONDS * 1000),
              redirect: 'error',
            })
          : await fetch(settings.userinfoEndpoint, {
              headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
              signal: AbortSignal.timeout(PROVIDER_TIMEOUT_SECONDS * 1000),
              redirect: 'error',
            });
      if (!response.ok) throw new Error(`status ${response.status}`);
      body = await response.json();
    } catch (error) {
      throw new ProviderError(`${this.provider}: the user endpoint failed`, { cause: error });
    }
    const subject = body && typeof body === 'object' ? SUBJECT_OF[provider](body as Record<string, unknown>) : undefined;
    const text = typeof subject === 'number' && Number.isSafeInteger(subject) ? String(subject) : subject;
    if (typeof text !== 'string' || text.length < 1 || text.length > 255) {
      throw new ProviderError(`${this.provider}: the user endpoint named no user`);
    }
    // These providers do not say whether an address was verified: none is taken from them.
    return { subject: text, email: null };
  }
}
