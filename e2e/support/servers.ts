import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcess, waitUntilUp } from 'tooling/processes';
import { PORTS } from './ports.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Each server's output, `<name>.log`, kept after the run for a look at a failure. */
export const SERVER_LOG_DIR = path.join(repoRoot, '.data', 'e2e-logs');

export interface RunningServer {
  stop: () => Promise<void>;
}

export interface ServerOptions {
  /** Answers 2xx once the server is ready. */
  url: string;
  env?: Record<string, string>;
  cwd?: string;
  timeoutMs: number;
}

/** A server that was already answering would take the place of the one started here: the tests would run against it. */
async function ensureNothingAnswers(url: string): Promise<void> {
  const answered = await fetch(url).then(
    () => true,
    () => false,
  );
  if (answered) throw new Error(`${url} is already used: stop what listens there before running the browser tests.`);
}

/** Starts a server in its own process group and waits until its URL answers; stop() ends it and what it started. */
export async function startServer(name: string, command: string, args: readonly string[], options: ServerOptions): Promise<RunningServer> {
  await ensureNothingAnswers(options.url);
  const started = startProcess(name, command, args, { env: options.env ?? {}, cwd: options.cwd ?? repoRoot, logDir: SERVER_LOG_DIR });
  try {
    await waitUntilUp(options.url, started, options.timeoutMs);
  } catch (error) {
    await started.stop();
    throw error;
  }
  return { stop: started.stop };
}

/**
 * Starts one app's static origin, as the site's own are started (support/global-setup.ts), for a test that needs
 * its own; stop() ends it. A first-view server listens once its server bundle is warm: several seconds on a busy
 * machine.
 */
export function serveApp(app: string, folder: string, port: number, env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer(
    `${app}-${port}`,
    'node',
    ['tooling/bin/serve-app.js', '--app', app, '--port', String(port), '--dir', `${folder}/dist`],
    {
      url: `http://127.0.0.1:${port}/index.html`,
      env: { API_URL: `http://127.0.0.1:${PORTS.api}`, ...env },
      timeoutMs: 30_000,
    },
  );
}
