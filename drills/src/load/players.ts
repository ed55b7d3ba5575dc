import { performance } from 'node:perf_hooks';
import type { Attachment, EndpointName, InquiryCreateBody } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { platformTicketBody } from 'tooling/api-client';
import type { Topology } from 'tooling/topology';

/**
 * Adds `count` player accounts (`<prefix>-<n>`) straight in the database, as an import would, with the password hash
 * of the topology's player1, so each logs in through the API with player1's password (made for the run). Answers
 * their names and that password.
 */
export async function addPlayers(topology: Topology, prefix: string, count: number): Promise<{ account: string; password: string }[]> {
  const template = topology.accounts.player1;
  if (!/^[a-z0-9-]+$/.test(prefix)) throw new Error(`player prefix ${prefix} must be lowercase letters, digits and dashes`);
  const rows = await topology.postgres.query(
    `INSERT INTO accounts (account, type, role, password_hash, created_at, updated_at)
     SELECT '${prefix}-' || n, 'PLATFORM', 'player', template.password_hash, now(), now()
       FROM generate_series(1, ${Math.trunc(count)}) AS n,
            (SELECT password_hash FROM accounts WHERE account = '${template.account}') AS template
     RETURNING account`,
  );
  if (rows.length !== count) throw new Error(`added ${rows.length} players instead of ${count}`);
  return rows.map(([account]) => ({ account: account!, password: template.password }));
}

/** A request the client never got an answer to, or got a proxy's or overloaded server's 5xx for: worth a retry. */
export class Unanswered extends Error {}

/** An answer with an envelope code other than success. */
export class Refused extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
  ) {
    super(message);
  }
}

/** Every request's time and outcome, by kind, for p50/p99 and error counts. */
export class Latencies {
  readonly samples = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  readonly errorKinds = new Map<string, number>();

  async time<T>(kind: string, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      const result = await work();
      const list = this.samples.get(kind) ?? [];
      list.push(performance.now() - started);
      this.samples.set(kind, list);
      return result;
    } catch (error) {
      this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
      const what =
        error instanceof Refused ? `${error.status} ${error.code ?? 'raw'}` : error instanceof Unanswered ? error.message : 'other';
      this.errorKinds.set(`${kind}: ${what}`, (this.errorKinds.get(`${kind}: ${what}`) ?? 0) + 1);
      throw error;
    }
  }

  /** Forgets everything recorded so far (what a set-up phase did). */
  reset(): void {
    this.samples.clear();
    this.errors.clear();
    this.errorKinds.clear();
  }

  summary(): { kind: string; requests: number; errors: number; p50Ms: number; p99Ms: number }[] {
    const kinds = [...new Set([...this.samples.keys(), ...this.errors.keys()])].sort();
    return kinds.map((kind) => {
      const sorted = [...(this.samples.get(kind) ?? [])].sort((a, b) => a - b);
      const at = (quantile: number) =>
        sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))]! * 10) / 10;
      const errors = this.errors.get(kind) ?? 0;
      return { kind, requests: sorted.length + errors, errors, p50Ms: at(0.5), p99Ms: at(0.99) };
    });
  }
}

const REQUEST_TIMEOUT_MS = 15_000;

/**
 * One virtual player talking to the site's API through the edge, as the browser does (`/api/...`), with the fetch
 * the topology gives (TLS with its certificate, HTTP/2).
 */
export class Player {
  token: string | null = null;

  constructor(
    readonly base: string,
    readonly account: string,
    private readonly password: string,
    readonly latencies: Latencies,
    readonly fetch: typeof globalThis.fetch,
  ) {}

  private async send(
    kind: string,
    name: EndpointName,
    init: { query?: Record<string, string>; body?: BodyInit; json?: unknown },
  ): Promise<Response> {
    const endpoint = ENDPOINTS[name];
    const url = new URL(`${this.base}${endpoint.path}`);
    for (const [key, value] of Object.entries(init.query ?? {})) url.searchParams.set(key, value);
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    return this.latencies.time(kind, async () => {
      let response: Response;
      try {
        response = await this.fetch(url, {
          method: endpoint.method,
          headers,
          body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        throw new Unanswered(error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network error', { cause: error });
      }
      if (response.status === 502 || response.status === 503 || response.status === 504) {
        await response.body?.cancel();
        throw new Unanswered(`${response.status} from the edge`);
      }
      return response;
    });
  }

  private async call<T>(
    kind: string,
    name: EndpointName,
    init: { query?: Record<string, string>; body?: BodyInit; json?: unknown } = {},
  ): Promise<T> {
    const response = await this.send(kind, name, init);
    const text = await response.text();
    let envelope: { code?: number; msg?: string; data?: T };
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      throw new Refused(response.status, null, `${ENDPOINTS[name].path} answered ${response.status} without an envelope`);
    }
    if (envelope.code !== 1 && envelope.code !== 0) {
      throw new Refused(response.status, envelope.code ?? null, `${ENDPOINTS[name].path} answered ${envelope.code} ${envelope.msg ?? ''}`);
    }
    return envelope.data as T;
  }

  async login(): Promise<void> {
    const data = await this.call<{ token: string }>('login', 'loginPassword', { json: { account: this.account, password: this.password } });
    this.token = data.token;
  }

  browseCatalogue(): Promise<unknown> {
    return this.call('browse catalogue', 'gamesAll', { query: { spec_lang: 'en' } });
  }

  uploadText(name: string, content: string): Promise<Attachment> {
    const form = new FormData();
    form.append('file', new Blob([content], { type: 'text/plain' }), name);
    return this.call('upload', 'uploadFile', { body: form });
  }

  createInquiry(body: InquiryCreateBody): Promise<{ inquiryId: number }> {
    return this.call('create ticket', 'createInquiry', { json: body });
  }

  listInquiries(): Promise<{ id: number }[]> {
    return this.call('list tickets', 'inquiryList', {});
  }

  readInquiry(inquiryId: number): Promise<{ id: number }> {
    return this.call('read ticket', 'inquiryDetail', { query: { inquiryId: String(inquiryId) } });
  }

  /** The file's bytes, or null when the API refuses to serve it to this player. */
  async download(fileId: string): Promise<Buffer | null> {
    const response = await this.send('download', 'downloadFile', { query: { fileId } });
    if (response.status === 200 && !(response.headers.get('content-type') ?? '').includes('application/json')) {
      return Buffer.from(await response.arrayBuffer());
    }
    await response.body?.cancel();
    return null;
  }
}

/**
 * Logs every player in, a few at a time: all of them come from this machine's one address, and the API counts
 * login attempts in flight per address (20 per 15 minutes; a success is withdrawn once it completes).
 */
export async function loginAll(players: readonly Player[], atOnce = 8): Promise<void> {
  for (let index = 0; index < players.length; index += atOnce) {
    await Promise.all(players.slice(index, index + atOnce).map((player) => player.login()));
  }
}

/** What a ticket needs besides the player's words: the first demo game and its first question category. */
export async function ticketPlace(player: Player): Promise<{ gameId: number; categoryId: number }> {
  const endpoint = ENDPOINTS.gamesSimple;
  const games = (await (await player.fetch(`${player.base}${endpoint.path}?spec_lang=en`)).json()) as { data: { id: number }[] };
  const game = games.data[0];
  if (!game) throw new Error('the demo seed has no games');
  const types = (await (await player.fetch(`${player.base}${ENDPOINTS.inquiryTypes.path}?gameId=${game.id}&spec_lang=en`)).json()) as {
    data: { id: number }[];
  };
  const category = types.data[0];
  if (!category) throw new Error(`game ${game.id} has no question categories`);
  return { gameId: game.id, categoryId: category.id };
}

/** A platform ticket ('0': no server, region or character), with its own requestId: a retry sends it unchanged. */
export function ticketBody(
  place: { gameId: number; categoryId: number },
  title: string,
  contact: string,
  attachments: string[],
): InquiryCreateBody {
  return platformTicketBody({
    gameId: place.gameId,
    queryType: place.categoryId,
    title,
    content: 'A ticket a drill opens while it disturbs the API, to check that none is lost or made twice.',
    contact,
    attachments,
  });
}

/** Retries an unanswered request (same body, so the same requestId) until it is answered or `deadline` passes. */
export async function untilAnswered<T>(work: () => Promise<T>, deadline: number, onRetry: () => void): Promise<T | undefined> {
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof Unanswered) || Date.now() > deadline) {
        if (error instanceof Unanswered) return undefined;
        throw error;
      }
      onRetry();
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
}
