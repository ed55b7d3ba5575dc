import path from 'node:path';
import { REPO_ROOT, startProcess as startLogged, type Started } from 'tooling/processes';

export { REPO_ROOT, runToEnd, waitUntilUp, type Started } from 'tooling/processes';

/** Logs of every process the bench starts, kept for a look when a server misbehaves. */
export const LOG_DIR = path.join(REPO_ROOT, '.data', 'bench', 'logs');

const running = new Set<Started>();
const cleanups = new Set<() => Promise<void> | void>();

/** Something to undo at the end whatever happens (a database cluster, a temporary folder); returns its removal. */
export function onCleanup(cleanup: () => Promise<void> | void): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** Starts a server in its own process group (tooling/processes), logged under LOG_DIR and stopped by stopAll. */
export function startProcess(
  name: string,
  command: string,
  args: readonly string[],
  env: Record<string, string>,
  cwd = REPO_ROOT,
): Started {
  const started = startLogged(name, command, args, { env, cwd, logDir: LOG_DIR });
  const tracked: Started = {
    ...started,
    stop: () => {
      running.delete(tracked);
      return started.stop();
    },
  };
  running.add(tracked);
  return tracked;
}

/** Stops every process still running, newest first (origins before the API they forward to), then the cleanups. */
export async function stopAll(): Promise<void> {
  for (const started of [...running].reverse()) await started.stop();
  for (const cleanup of [...cleanups].reverse()) {
    cleanups.delete(cleanup);
    await cleanup();
  }
}

/** Runs a command to its end with its output in the bench's logs (stopped with the rest on Ctrl-C); rejects on failure. */
export async function runLogged(
  name: string,
  command: string,
  args: readonly string[],
  env: Record<string, string> = {},
  cwd = REPO_ROOT,
): Promise<void> {
  const started = startProcess(name, command, args, env, cwd);
  const code = await new Promise<number | null>((resolve) => started.child.once('exit', (exitCode) => resolve(exitCode)));
  running.delete(started);
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code} (log: ${started.logFile})`);
}
