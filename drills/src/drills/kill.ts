import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startTopology, type Topology } from 'tooling/topology';
import { closeAfter, positiveWholeFromEnv, type Drill } from '../drill.js';
import { addPlayers, Latencies, loginAll, Player, Refused, ticketBody, ticketPlace, untilAnswered } from '../load/players.js';

/**
 * The abuse limits lifted for load (README, Configuration): each virtual player uploads a file and opens a ticket
 * after another for the whole run, far past the 10 open and 20 an hour one real player may have, and the 30
 * uploads an hour.
 */
export const LOAD_LIMITS_ENV = {
  TICKET_OPEN_MAX: '1000000',
  TICKET_CREATES_PER_HOUR: '1000000',
  UPLOADS_PER_HOUR: '1000000',
  UPLOAD_MB_PER_HOUR: '1000000',
} as const;

/**
 * Each upload's size: large enough that the API spends a while receiving and storing it, so a kill is likely to land
 * in the middle of one (a reserved row, a partial temporary file) and the drill checks what is left of it.
 */
const UPLOAD_BYTES = 256 * 1024;

/** How long after the load stops an unanswered request keeps being retried (the replica comes back well before). */
const RETRY_GRACE_MS = 30_000;

export interface KillOptions {
  players: number;
  seconds: number;
  /** SIGKILLs during the run, spread evenly, alternating between the replicas; each is restarted at once. */
  kills: number;
}

export interface KillEvent {
  replica: string;
  pid: number;
  atSecond: number;
  /** From the kill until the restarted process answered /health. */
  restartSeconds: number;
}

export interface KillResult {
  options: KillOptions;
  seconds: number;
  kills: KillEvent[];
  /** Ticket creations: first attempts, retries of unanswered ones (same requestId), and those never answered. */
  ticketsSent: number;
  retries: number;
  ticketsAcknowledged: number;
  ticketsUnanswered: number;
  ticketsRefused: number;
  /** Rows in the database afterwards, and how many of the acknowledged ones are among them. */
  ticketsInDatabase: number;
  acknowledgedFound: number;
  duplicated: number;
  uploadsAcknowledged: number;
  /** Attachments of acknowledged tickets whose bytes the owner downloads intact. */
  attachmentsIntact: number;
  attachmentsChecked: number;
  /** Uploads never attached: still receiving (a process died mid-upload) or stored but never acknowledged. */
  pendingReceiving: number;
  pendingStored: number;
  /** Of those, served to another player (must be 0), and receiving ones served to anyone (must be 0). */
  orphansServed: number;
  /** Temporary upload files left in the store's spool folder by a killed process (never reachable by a file id). */
  partialTempFiles: number;
  latencies: ReturnType<Latencies['summary']>;
  errorKinds: Record<string, number>;
  failures: string[];
}

const sha256 = (content: string | Buffer) => createHash('sha256').update(content).digest('hex');

function countPartialFiles(dir: string): number {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && entry.name.endsWith('.part'))
      .length;
  } catch {
    return 0;
  }
}

/**
 * Issue 6, "The API process killed (SIGKILL) while players create tickets and upload files under load": virtual
 * players upload a file and open a ticket with it, over and over, through the edge; meanwhile a replica's process
 * is killed outright and started again. A creation that gets no answer (or the edge's 502) is sent again with the
 * same requestId. Afterwards, from the database and the API: every acknowledged ticket is there once, and no upload
 * left behind by the dead process is served to anyone it should not be.
 */
export async function runKillDrill(topology: Topology, options: KillOptions): Promise<KillResult> {
  const run = randomBytes(4).toString('hex');
  const contact = `kill-${run}@drill.example`;
  const accounts = await addPlayers(topology, `kill-${run}`, options.players + 1);
  const latencies = new Latencies();
  const players = accounts.map(({ account, password }) => new Player(topology.urls.api, account, password, latencies, topology.fetch));
  await loginAll(players);
  // The last one only checks, afterwards, that it cannot download what the others left behind.
  const outsider = players.pop()!;
  const place = await ticketPlace(outsider);

  const acknowledged: { inquiryId: number; requestId: string; fileId: string; sha256: string; player: Player }[] = [];
  const uploads: { fileId: string; owner: Player }[] = [];
  let ticketsSent = 0;
  let retries = 0;
  let ticketsUnanswered = 0;
  let ticketsRefused = 0;
  const failures: string[] = [];
  const started = performance.now();
  const stopAt = Date.now() + options.seconds * 1000;

  const playerLoop = async (player: Player) => {
    for (let round = 1; Date.now() < stopAt; round += 1) {
      const line = `kill drill ${run} ${player.account} round ${round} ${randomUUID()}\n`;
      const content = line.repeat(Math.ceil(UPLOAD_BYTES / line.length));
      try {
        const upload = await untilAnswered(
          () => player.uploadText(`round-${round}.txt`, content),
          stopAt + RETRY_GRACE_MS,
          () => (retries += 1),
        );
        if (!upload) continue;
        uploads.push({ fileId: upload.fileId, owner: player });
        const body = ticketBody(place, `kill ${run} ${round}`, contact, [upload.fileId]);
        ticketsSent += 1;
        const created = await untilAnswered(
          () => player.createInquiry(body),
          stopAt + RETRY_GRACE_MS,
          () => (retries += 1),
        );
        if (!created) ticketsUnanswered += 1;
        else
          acknowledged.push({
            inquiryId: created.inquiryId,
            requestId: body.requestId,
            fileId: upload.fileId,
            sha256: sha256(content),
            player,
          });
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        ticketsRefused += 1;
        if (failures.length < 10) failures.push(`refused under load: ${error.message}`);
      }
    }
  };

  const kills: KillEvent[] = [];
  const killer = (async () => {
    for (let index = 0; index < options.kills; index += 1) {
      const at = ((index + 1) * options.seconds * 1000) / (options.kills + 1);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + at - performance.now())));
      const replica = topology.apis[index % topology.apis.length]!;
      const pid = replica.pid();
      if (pid === undefined) throw new Error(`${replica.name} is not running`);
      const killedAt = performance.now();
      await replica.kill('SIGKILL');
      await replica.restart();
      kills.push({
        replica: replica.name,
        pid,
        atSecond: Math.round((killedAt - started) / 100) / 10,
        restartSeconds: Math.round((performance.now() - killedAt) / 100) / 10,
      });
    }
  })();

  await Promise.all([...players.map(playerLoop), killer]);
  const seconds = Math.round((performance.now() - started) / 100) / 10;

  const rows = await topology.postgres.query(`SELECT id, request_id FROM tickets WHERE contact = '${contact}'`);
  const rowsByRequest = new Map<string, string[]>();
  for (const [id, requestId] of rows) rowsByRequest.set(requestId!, [...(rowsByRequest.get(requestId!) ?? []), id!]);
  const duplicated = [...rowsByRequest.values()].filter((ids) => ids.length > 1).length;
  const acknowledgedFound = acknowledged.filter(({ inquiryId, requestId }) =>
    (rowsByRequest.get(requestId) ?? []).includes(String(inquiryId)),
  ).length;
  if (acknowledgedFound < acknowledged.length) failures.push(`${acknowledged.length - acknowledgedFound} acknowledged tickets missing`);
  if (duplicated > 0) failures.push(`${duplicated} requests made more than one ticket`);

  // The edge ends an HTTP/2 connection after 1,000 requests (nginx's keepalive_requests) with a GOAWAY, and undici
  // fails a request it had just sent on it instead of sending it again on a new connection as a browser does: such
  // an unanswered download is asked again, as the players' creations are.
  const download = async (player: Player, fileId: string): Promise<Buffer | null> => {
    const answered = await untilAnswered(
      async () => ({ bytes: await player.download(fileId) }),
      Date.now() + RETRY_GRACE_MS,
      () => undefined,
    );
    if (!answered) throw new Error(`the download of file ${fileId} got no answer for ${RETRY_GRACE_MS / 1000} s`);
    return answered.bytes;
  };
  let attachmentsIntact = 0;
  for (const ticket of acknowledged) {
    const bytes = await download(ticket.player, ticket.fileId);
    if (bytes && sha256(bytes) === ticket.sha256) attachmentsIntact += 1;
  }
  if (attachmentsIntact < acknowledged.length)
    failures.push(`${acknowledged.length - attachmentsIntact} attachments of acknowledged tickets not served intact to their owner`);

  const pending = await topology.postgres.query(
    `SELECT f.id, f.state, a.account FROM files f JOIN accounts a ON a.id = f.owner_account_id
      WHERE a.account LIKE 'kill-${run}-%' AND f.ticket_id IS NULL`,
  );
  const byAccount = new Map(players.map((player) => [player.account, player]));
  let orphansServed = 0;
  for (const [fileId, state, account] of pending) {
    if ((await download(outsider, fileId!)) !== null) orphansServed += 1;
    const owner = byAccount.get(account!);
    if (state === 'receiving' && owner && (await download(owner, fileId!)) !== null) orphansServed += 1;
  }
  if (orphansServed > 0) failures.push(`${orphansServed} uploads left by the killed process were served`);

  return {
    options,
    seconds,
    kills,
    ticketsSent,
    retries,
    ticketsAcknowledged: acknowledged.length,
    ticketsUnanswered,
    ticketsRefused,
    ticketsInDatabase: rows.length,
    acknowledgedFound,
    duplicated,
    uploadsAcknowledged: uploads.length,
    attachmentsIntact,
    attachmentsChecked: acknowledged.length,
    pendingReceiving: pending.filter(([, state]) => state === 'receiving').length,
    pendingStored: pending.filter(([, state]) => state === 'stored').length,
    orphansServed,
    partialTempFiles: countPartialFiles(path.join(topology.filesDir, '.incoming')),
    latencies: latencies.summary(),
    errorKinds: Object.fromEntries(latencies.errorKinds),
    failures,
  };
}

/** npm run drills: DRILL_KILL_PLAYERS, DRILL_KILL_SECONDS and DRILL_KILL_COUNT change the defaults (16, 30, 2). */
export const kill: Drill<KillResult> = {
  key: 'kill',
  title: 'API process killed (SIGKILL) under ticket and upload load',
  async run() {
    const options = {
      players: positiveWholeFromEnv('DRILL_KILL_PLAYERS', 16),
      seconds: positiveWholeFromEnv('DRILL_KILL_SECONDS', 30),
      kills: positiveWholeFromEnv('DRILL_KILL_COUNT', 2),
    };
    const topology = await startTopology({ apiEnv: LOAD_LIMITS_ENV, liftEdgeLimits: true });
    return closeAfter(topology.stop, () => runKillDrill(topology, options));
  },
  tables(result) {
    return [
      {
        title: `SIGKILL drill: ${result.options.players} players, ${result.seconds} s through the edge, two API replicas on PostgreSQL`,
        columns: ['kill', 'replica', 'pid', 'at s', 'back after s'],
        rows: result.kills.map((event, index) => [index + 1, event.replica, event.pid, event.atSecond, event.restartSeconds]),
      },
      {
        title: 'SIGKILL drill: tickets and files',
        columns: ['figure', 'count'],
        rows: [
          ['ticket creations sent (each its own requestId)', result.ticketsSent],
          ['retries of unanswered requests (same requestId)', result.retries],
          ['tickets acknowledged', result.ticketsAcknowledged],
          ['acknowledged tickets found in the database', result.acknowledgedFound],
          ['tickets in the database', result.ticketsInDatabase],
          ['requests made twice (must be 0)', result.duplicated],
          ['never answered within the retry window', result.ticketsUnanswered],
          ['refused by the API', result.ticketsRefused],
          ['uploads acknowledged', result.uploadsAcknowledged],
          ['attachments served intact to their owner', `${result.attachmentsIntact} of ${result.attachmentsChecked}`],
          ['uploads left pending: receiving / stored', `${result.pendingReceiving} / ${result.pendingStored}`],
          ['of those served to another player or unfinished (must be 0)', result.orphansServed],
          ['partial temporary upload files left (no URL reaches them)', result.partialTempFiles],
        ],
        notes: result.failures,
      },
      {
        title: 'SIGKILL drill: requests by kind',
        columns: ['kind', 'requests', 'errors', 'p50 ms', 'p99 ms'],
        rows: result.latencies.map((row) => [row.kind, row.requests, row.errors, row.p50Ms, row.p99Ms]),
        notes: Object.entries(result.errorKinds).map(([kind, count]) => `${kind}: ${count}`),
      },
    ];
  },
  figures(result) {
    return {
      faultsInjected: result.options.kills,
      faultsSurvived: result.failures.length === 0 ? result.kills.length : 0,
      leaks: result.orphansServed,
      ticketsAcknowledged: result.ticketsAcknowledged,
      ticketsFound: result.acknowledgedFound,
      failures: result.failures,
    };
  },
};
