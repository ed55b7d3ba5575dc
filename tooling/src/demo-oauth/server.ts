import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { SOCIAL_PROVIDERS, SOCIAL_PROVIDER_NAMES, escapeHtml, type SocialProvider } from 'shared-contracts';
import { DEMO_CLIENTS, RESOURCE_PATHS, demoOAuthEnv } from './clients.js';

export { DEMO_CLIENTS, demoOAuthEnv } from './clients.js';

/**
 * A real OAuth 2 / OpenID Connect server (oidc-provider, a certified OpenID provider) standing in for all five social
 * providers at once, for `npm start` and the tests: Google and Apple as OpenID Connect providers (discovery, ID tokens
 * with nonce), Facebook, Twitter and VK as plain OAuth 2 providers whose user endpoints answer in each provider's own
 * shape (`{ id }`, `{ data: { id } }`, `{ user: { user_id } }`). Its sign-in page says it is a demo of the provider
 * the player chose; any name signs in (it becomes the subject), and consent is granted without a second page.
 */

const AUTH_METHODS: Record<SocialProvider, 'client_secret_post' | 'client_secret_basic' | 'none'> = {
  google: 'client_secret_post',
  apple: 'client_secret_post',
  facebook: 'client_secret_post',
  twitter: 'client_secret_basic',
  vk: 'none',
};

/** Scopes the API asks each provider for by default (see api/src/oauth/config.ts). */
const SCOPES = ['openid', 'email', 'profile', 'public_profile', 'users.read', 'tweet.read', 'vkid.personal_info'];

/** The address a login name gets at every provider: `<login>@<emailDomain>`, verified. */
export const DEMO_EMAIL_DOMAIN = 'oauth-demo.example';

export interface DemoOAuthServer {
  /** `http://127.0.0.1:<port>`: the OpenID Connect issuer of Google and Apple. */
  issuer: string;
  /** The OAUTH_* variables that point the API at this server for all five providers. */
  env: Record<string, string>;
  close: () => Promise<void>;
}

export interface DemoOAuthServerOptions {
  /** 0 picks a free port. */
  port?: number;
  /** Every redirect_uri the clients may use (`<site origin>/login`, `<site origin>/vkRedirect`). */
  redirectOrigins: readonly string[];
}

function redirectUris(provider: SocialProvider, origins: readonly string[]): string[] {
  return origins.map((origin) => `${origin}${provider === 'vk' ? '/vkRedirect' : '/login'}`);
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The provider-shaped user endpoints of the plain OAuth 2 providers, behind the server's own access tokens. */
const RESOURCES: Record<string, { provider: SocialProvider; answer: (subject: string) => unknown }> = {
  [RESOURCE_PATHS.facebook]: { provider: 'facebook', answer: (subject) => ({ id: subject, name: subject }) },
  [RESOURCE_PATHS.twitter]: { provider: 'twitter', answer: (subject) => ({ data: { id: subject, username: subject } }) },
  [RESOURCE_PATHS.vk]: { provider: 'vk', answer: (subject) => ({ user: { user_id: subject, first_name: subject } }) },
};

async function serveResource(provider: Provider, request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
  const resource = RESOURCES[path];
  if (!resource) return json(response, 404, { error: 'not_found' });
  let token = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token && request.method === 'POST') token = new URLSearchParams(await readBody(request)).get('access_token') ?? undefined;
  const accessToken = token ? await provider.AccessToken.find(token) : undefined;
  if (!accessToken || accessToken.isExpired || accessToken.clientId !== DEMO_CLIENTS[resource.provider].clientId) {
    return json(response, 401, { error: 'invalid_token' });
  }
  json(response, 200, resource.answer(accessToken.accountId));
}

/** Where the provider sends the browser to sign in: `<INTERACTION_PATH>/<uid>`. */
const INTERACTION_PATH = '/interaction';

function providerOfClient(clientId: unknown): SocialProvider | undefined {
  return SOCIAL_PROVIDERS.find((name) => DEMO_CLIENTS[name].clientId === clientId);
}

/**
 * The sign-in page: it names the provider the player chose and says plainly that this is a local demo of it. Its empty
 * icon spares the browser a request for /favicon.ico, which this server does not have.
 */
function signInPage(uid: string, provider: SocialProvider | undefined): string {
  const name = escapeHtml(provider ? SOCIAL_PROVIDER_NAMES[provider] : 'a social login');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Demo sign-in: ${name}</title>
<link rel="icon" href="data:,">
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1c1e21}main{max-width:26rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 2px 8px #0002}
.demo{display:inline-block;padding:.15rem .6rem;border-radius:999px;background:#ffe08a;font-weight:600;font-size:.85rem}label{display:block;margin-top:1rem;font-weight:600}
input{box-sizing:border-box;width:100%;padding:.6rem;margin-top:.3rem;border:1px solid #99a;border-radius:8px;font:inherit}button{margin-top:1.5rem;width:100%;padding:.7rem;border:0;border-radius:8px;background:#1d5fd1;color:#fff;font:inherit;font-weight:600;cursor:pointer}a{display:block;margin-top:1rem;text-align:center}</style></head>
<body><main><p class="demo">Demo</p><h1>Sign in with ${name}</h1>
<p>This is not ${name}. It is a demo of ${name}'s sign-in that runs on this machine with the site (npm start), so that quick login can be tried without an account there. Any name signs you in; the password is not checked. A deployment with real ${name} settings sends players to ${name} itself.</p>
<form method="post" action="${INTERACTION_PATH}/${escapeHtml(uid)}"><label>Name<input name="login" autocomplete="username" required autofocus></label>
<label>Password (not checked)<input type="password" name="password" autocomplete="current-password"></label><button type="submit">Sign in</button></form>
<a href="${INTERACTION_PATH}/${escapeHtml(uid)}/abort">Cancel and go back to the site</a></main></body></html>`;
}

/** GET shows the sign-in page; POST signs in with the name typed; `/abort` goes back to the site refused. */
async function serveSignIn(provider: Provider, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const details = await provider.interactionDetails(request, response);
  if (request.url?.endsWith('/abort')) {
    await provider.interactionFinished(
      request,
      response,
      { error: 'access_denied', error_description: 'The player cancelled' },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  if (request.method === 'POST') {
    const login = new URLSearchParams(await readBody(request)).get('login')?.trim();
    if (login) {
      await provider.interactionFinished(request, response, { login: { accountId: login } }, { mergeWithLastSubmission: false });
      return;
    }
  }
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(signInPage(details.uid, providerOfClient(details.params.client_id)));
}

export async function startDemoOAuthServer(options: DemoOAuthServerOptions): Promise<DemoOAuthServer> {
  let handler: ((request: IncomingMessage, response: ServerResponse) => void) | null = null;
  const server: Server = createServer((request, response) => {
    if (handler) handler(request, response);
    else json(response, 503, { error: 'starting' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const configuration: Configuration = {
    clients: SOCIAL_PROVIDERS.map((name) => ({
      client_id: DEMO_CLIENTS[name].clientId,
      ...(DEMO_CLIENTS[name].clientSecret ? { client_secret: DEMO_CLIENTS[name].clientSecret } : {}),
      redirect_uris: redirectUris(name, options.redirectOrigins),
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: AUTH_METHODS[name],
    })),
    scopes: SCOPES,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, email: `${id.toLowerCase()}@${DEMO_EMAIL_DOMAIN}`, email_verified: true, name: id }),
    }),
    // As Google does, ID tokens carry the claims of the granted scopes (e-mail), not only those asked for by name.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
    pkce: { required: () => true },
    // Consent without a page: whatever the client asked for is granted once the player has logged in.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const existing = session.grantIdFor(client.clientId);
      if (existing) {
        const found = await ctx.oidc.provider.Grant.find(existing);
        if (found) return found;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(String(ctx.oidc.params?.scope ?? 'openid'));
      await grant.save();
      return grant;
    },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, Interaction: 600, Session: 600, IdToken: 600 },
    cookies: { keys: ['demo-only-cookie-key'] },
  };
  const provider = new Provider(issuer, configuration);
  // Warnings about the in-memory adapter and development signing keys are expected: nothing here is kept.
  provider.on('server_error', (_ctx, error) => console.error('demo OAuth server error', error));
  const callback = provider.callback();
  handler = (request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (path === '/health') return json(response, 200, { ok: true });
    if (path in RESOURCES) {
      serveResource(provider, request, response, path).catch((error: unknown) => json(response, 500, { error: String(error) }));
      return;
    }
    if (path.startsWith(`${INTERACTION_PATH}/`)) {
      serveSignIn(provider, request, response).catch((error: unknown) => json(response, 500, { error: String(error) }));
      return;
    }
    callback(request, response);
  };

  const env = demoOAuthEnv(issuer, options.redirectOrigins);

  return {
    issuer,
    env,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A minimal cookie jar for driving the provider's pages with fetch. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 1) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Does what a player does on the provider's pages without a browser: opens the authorization URL, types `login`
 * on the development login page, and follows the redirects until the provider sends the browser back to the site.
 * Returns that address (`<redirect_uri>?code=...&state=...`).
 */
export async function authorizeAs(authorizeUrl: string, login: string): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizeUrl);
  const origin = url.origin;
  for (let step = 0; step < 10; step += 1) {
    if (url.origin !== origin) return url;
    const isLoginPage = /^\/interaction\/[^/]+$/.test(url.pathname);
    const response = await fetch(url, {
      method: isLoginPage ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(isLoginPage ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(isLoginPage ? { body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString() } : {}),
    });
    jar.store(response);
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider answered ${response.status} at ${url.pathname}: ${await response.text()}`);
    url = new URL(location, url);
  }
  throw new Error('the provider never sent the browser back');
}
