import { SOCIAL_PROVIDERS, type SocialProvider } from 'shared-contracts';

/**
 * Social login settings from the environment (DESIGN §5: every provider's endpoints come from configuration, so
 * tests point them at a local server). A provider is on when its OAUTH_<PROVIDER>_CLIENT_ID is set.
 */

/** The providers that speak OpenID Connect (endpoints by discovery); the others are plain OAuth 2. */
const OIDC_PROVIDERS = ['google', 'apple'] as const satisfies readonly SocialProvider[];
export type OidcProvider = (typeof OIDC_PROVIDERS)[number];
export type PlainOAuthProvider = Exclude<SocialProvider, OidcProvider>;

const isOidcProvider = (provider: SocialProvider): provider is OidcProvider =>
  (OIDC_PROVIDERS as readonly SocialProvider[]).includes(provider);

interface ProviderCommon {
  clientId: string;
  /** Null for a public client (PKCE only, no client authentication). */
  clientSecret: string | null;
  scope: string;
}

/** An OpenID Connect provider: endpoints by discovery from the issuer, identity from the ID token. */
export interface OidcProviderSettings extends ProviderCommon {
  kind: 'oidc';
  issuer: string;
}

/** A plain OAuth 2 provider: explicit endpoints, identity from its user endpoint. */
export interface PlainProviderSettings extends ProviderCommon {
  kind: 'oauth2';
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string;
}

export type ProviderSettings = OidcProviderSettings | PlainProviderSettings;

export interface OAuthSettings {
  providers: Partial<Record<SocialProvider, ProviderSettings>>;
  /** Exact site origins (`https://www.example.com`) a redirect_uri may be built on. */
  redirectOrigins: readonly string[];
}

export const NO_OAUTH: OAuthSettings = { providers: {}, redirectOrigins: [] };

const DEFAULT_ISSUERS: Record<OidcProvider, string> = {
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
};

/** The providers' public endpoints; each can be replaced through its variable. */
const DEFAULT_ENDPOINTS: Record<PlainOAuthProvider, { authorization: string; token: string; userinfo: string }> = {
  facebook: {
    authorization: 'https://www.facebook.com/dialog/oauth',
    token: 'https://graph.facebook.com/oauth/access_token',
    userinfo: 'https://graph.facebook.com/me?fields=id',
  },
  twitter: {
    authorization: 'https://twitter.com/i/oauth2/authorize',
    token: 'https://api.twitter.com/2/oauth2/token',
    userinfo: 'https://api.twitter.com/2/users/me',
  },
  vk: {
    authorization: 'https://id.vk.com/authorize',
    token: 'https://id.vk.com/oauth2/auth',
    userinfo: 'https://id.vk.com/oauth2/user_info',
  },
};

/**
 * Apple sends e-mail only with a form POST back to the site, which a static page cannot receive: the default asks
 * for the subject only.
 */
const DEFAULT_SCOPES: Record<SocialProvider, string> = {
  google: 'openid email',
  apple: 'openid',
  facebook: 'public_profile',
  twitter: 'users.read tweet.read',
  vk: 'vkid.personal_info',
};

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|[a-z0-9.-]+\.localhost)$/i;

/** https everywhere; plain http only on this machine (tests and local development). */
export function isAllowedEndpoint(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOST.test(url.hostname));
}

/** An exact origin: scheme, host and port only, as the browser's `location.origin` shows it. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

/** Reads OAUTH_* variables; returns the settings and a list of problems, each naming its variable. */
export function readOAuthSettings(env: NodeJS.ProcessEnv): { settings: OAuthSettings; problems: string[] } {
  const problems: string[] = [];
  const value = (name: string) => {
    const raw = env[name]?.trim();
    return raw ? raw : undefined;
  };
  const endpoint = (name: string, fallback: string) => {
    const found = value(name) ?? fallback;
    if (!isAllowedEndpoint(found)) problems.push(`${name}: must be an https:// URL (http:// only for this machine)`);
    return found;
  };

  const providers: OAuthSettings['providers'] = {};
  for (const provider of SOCIAL_PROVIDERS) {
    const prefix = `OAUTH_${provider.toUpperCase()}_`;
    const clientId = value(`${prefix}CLIENT_ID`);
    if (!clientId) continue;
    const common: ProviderCommon = {
      clientId,
      clientSecret: value(`${prefix}CLIENT_SECRET`) ?? null,
      scope: value(`${prefix}SCOPE`) ?? DEFAULT_SCOPES[provider],
    };
    if (isOidcProvider(provider)) {
      if (!/(^|\s)openid(\s|$)/.test(common.scope)) problems.push(`${prefix}SCOPE: must include openid`);
      providers[provider] = { kind: 'oidc', ...common, issuer: endpoint(`${prefix}ISSUER`, DEFAULT_ISSUERS[provider]) };
    } else {
      const defaults = DEFAULT_ENDPOINTS[provider];
      providers[provider] = {
        kind: 'oauth2',
        ...common,
        authorizationEndpoint: endpoint(`${prefix}AUTHORIZATION_ENDPOINT`, defaults.authorization),
        tokenEndpoint: endpoint(`${prefix}TOKEN_ENDPOINT`, defaults.token),
        userinfoEndpoint: endpoint(`${prefix}USERINFO_ENDPOINT`, defaults.userinfo),
      };
    }
  }

  const redirectOrigins = (value('OAUTH_REDIRECT_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of redirectOrigins) {
    if (!isOrigin(origin)) problems.push(`OAUTH_REDIRECT_ORIGINS: "${origin}" is not an origin such as https://www.example.com`);
  }
  return { settings: { providers, redirectOrigins }, problems };
}
