import { platformTicketBody } from 'tooling/api-client';

/**
 * The API as the drills and their fast variants in drills/test drive it: a Fastify instance answering `inject`
 * (no sockets, so thousands of requests stay cheap) and listing its routes. Structural, so the drills need no
 * Fastify of their own.
 */
export interface InjectRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress?: string;
}

export interface InjectAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  rawPayload: Buffer;
  body: string;
}

export interface ApiUnderTest {
  inject(request: InjectRequest): Promise<InjectAnswer>;
  printRoutes(options: { commonPrefix: false }): string;
}

export interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

/** The answer's envelope, or null when the body is not one (a download, the OpenAPI document, a static file). */
export function envelopeOf(answer: InjectAnswer): Envelope | null {
  if (!String(answer.headers['content-type'] ?? '').startsWith('application/json')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { code, msg } = parsed as Record<string, unknown>;
  if (typeof code !== 'number' || typeof msg !== 'string' || !('data' in parsed)) return null;
  return parsed as Envelope;
}

export const bearer = (token: string | null): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

/** Logs in with a password and returns the session token; throws with the answer when refused. */
export async function passwordLogin(api: ApiUnderTest, account: string, password: string, remoteAddress = '192.0.2.10'): Promise<string> {
  const answer = await api.inject({
    method: 'POST',
    url: '/website/login/password',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ account, password }),
    remoteAddress,
  });
  const envelope = envelopeOf(answer);
  const token = (envelope?.data as { token?: unknown } | null)?.token;
  if (envelope?.code !== 1 || typeof token !== 'string')
    throw new Error(`login of ${account} refused: ${answer.statusCode} ${answer.body}`);
  return token;
}

/**
 * Every route the server registered, as "METHOD /path", from Fastify's route tree (HEAD answers for GET are
 * implied). A wildcard prints as "*".
 */
export function registeredRoutes(api: ApiUnderTest): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of api.printRoutes({ commonPrefix: false }).split('\n')) {
    // A node without methods is a shared prefix of the routes below it.
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const path = stack.join('');
    for (const method of (match[3] ?? '').split(',').map((name) => name.trim())) {
      if (method !== '' && method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return [...new Set(routes)].sort();
}

/** The body of a platform ticket about the seed's game 2 and its question category 2, which any player may open. */
export const platformTicket = (title: string, content: string, contact: string, attachments: string[] = []) =>
  platformTicketBody({ gameId: 2, queryType: 2, title, content, contact, attachments });
