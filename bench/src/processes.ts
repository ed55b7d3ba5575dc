import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Logs of every process the bench starts, kept for a look when a server misbehaves. */
export const LOG_DIR = path.join(REPO_ROOT, '.data', 'bench', 'logs');

export interface Started {
  name: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

const running = new Set<Started>();
const cleanups = new Set<() => Promise<void> | void>();

/** Something to undo at the end whatever happens (a database cluster, a temporary folder); returns its removal. */
export function onCleanup(cleanup: () => Promise<void> | void): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/**
 * Starts a server in its own process group, so stopping it by its id also ends what it started (tsx, pnpm), and so
 * the terminal's Ctrl-C reaches the bench first, which then stops every server it started.
 */
export function startProcess(name: string, command: string, args: readonly string[], env: Record<string, string>, cwd = REPO_ROOT): Started {
  mkdirSync(LOG_DIR, { recursive: true });
  const log = createWriteStream(path.join(LOG_DIR, `${name}.log`));
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const started: Started = {
    name,
    child,
    stop: () =>
      new Promise((resolve) => {
        running.delete(started);
        if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return resolve();
        const forced = setTimeout(() => signalGroup(child.pid, 'SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(forced);
          resolve();
        });
        signalGroup(child.pid, 'SIGTERM');
      }),
  };
  running.add(started);
  return started;
}

function signalGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** Stops every process still running, newest first (origins before the API they forward to), then the cleanups. */
export async function stopAll(): Promise<void> {
  for (const started of [...running].reverse()) await started.stop();
  for (const cleanup of [...cleanups].reverse()) {
    cleanups.delete(cleanup);
    await cleanup();
  }
}

/** Polls a URL until it answers 2xx; fails early when the process exits. */
export async function waitUntilUp(url: string, started: Started, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) {
      throw new Error(`${started.name} exited with ${started.child.exitCode} before ${url} answered (log: ${path.join(LOG_DIR, `${started.name}.log`)})`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s (log: ${path.join(LOG_DIR, `${started.name}.log`)})`);
}

/** Runs a command to its end; rejects on a non-zero exit. */
export function runToEnd(command: string, args: readonly string[], env: Record<string, string> = {}, cwd = REPO_ROOT): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/** Runs a command to its end with its output in the bench's logs (stopped with the rest on Ctrl-C); rejects on failure. */
export async function runLogged(name: string, command: string, args: readonly string[], env: Record<string, string> = {}, cwd = REPO_ROOT): Promise<void> {
  const started = startProcess(name, command, args, env, cwd);
  const code = await new Promise<number | null>((resolve) => started.child.once('exit', (exitCode) => resolve(exitCode)));
  running.delete(started);
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code} (log: ${path.join(LOG_DIR, `${name}.log`)})`);
}
