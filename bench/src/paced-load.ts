import http from 'node:http';

export interface PacedLoadResult {
  /** Answers completed per second of the run. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers by HTTP status. */
  answers: Record<string, number>;
  non2xx: number;
  errors: number;
}

export interface PacedLoadOptions {
  /** The origin, e.g. http://127.0.0.1:19081. */
  origin: string;
  /** The path of the request with this sequence number. */
  pathOf: (sequence: number) => string;
  perSecond: number;
  seconds: number;
  /** Keep-alive connections at most; a request due while all are busy waits for one, and that wait counts. */
  connections: number;
  timeoutMs?: number;
}

/**
 * Requests at an even pace, one every 1/perSecond s, each timed from the moment it was due to the end of its answer:
 * the latency a player's page meets at that rate. autocannon's `overallRate` does not give that: each connection
 * sends its share of a second back to back as the second starts (a burst at full speed, then silence), and it
 * corrects for coordinated omission with an interval of 1 ms, so every slow answer is counted many times over.
 */
export async function pacedLoad({
  origin,
  pathOf,
  perSecond,
  seconds,
  connections,
  timeoutMs = 10_000,
}: PacedLoadOptions): Promise<PacedLoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const answers: Record<string, number> = {};
  let errors = 0;
  const request = (path: string, dueAt: number) =>
    new Promise<void>((resolve) => {
      const failed = () => {
        errors += 1;
        resolve();
      };
      const outgoing = http.get(`${origin}${path}`, { agent, timeout: timeoutMs }, (response) => {
        response.resume();
        response.on('error', failed);
        response.on('end', () => {
          latencies.push(performance.now() - dueAt);
          const status = String(response.statusCode);
          answers[status] = (answers[status] ?? 0) + 1;
          resolve();
        });
      });
      outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')));
      outgoing.on('error', failed);
    });

  const total = Math.round(perSecond * seconds);
  const startedAt = performance.now();
  const sent: Promise<void>[] = [];
  for (let sequence = 0; sequence < total; sequence++) {
    const dueAt = startedAt + (sequence * 1000) / perSecond;
    // A timer can fire a little early (it counts from the event loop's cached time): wait until the request is due.
    for (let wait = dueAt - performance.now(); wait > 0; wait = dueAt - performance.now()) {
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    sent.push(request(pathOf(sequence), dueAt));
  }
  await Promise.all(sent);
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  agent.destroy();

  const sorted = latencies.sort((a, b) => a - b);
  const percentile = (p: number) => (sorted.length === 0 ? 0 : Math.round(sorted[Math.ceil(p * sorted.length) - 1]! * 10) / 10);
  const non2xx = Object.entries(answers)
    .filter(([status]) => !status.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    requestsPerSecond: Math.round(latencies.length / elapsedSeconds),
    p50Ms: percentile(0.5),
    p99Ms: percentile(0.99),
    requests: latencies.length,
    answers,
    non2xx,
    errors,
  };
}
