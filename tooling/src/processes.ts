import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root (`tooling/src/` is two levels below it). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Started {
  name: string;
  child: ChildProcess;
  /** Where its output goes. */
  logFile: string;
  /** SIGTERM to its process group, SIGKILL after 10 s; resolves once it has exited. */
  stop: () => Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  cwd?: string;
  /** Folder of the `<name>.log` file that receives its output. */
  logDir: string;
  /** Append to the log instead of starting it afresh (a restarted server keeps its earlier run's lines). */
  appendLog?: boolean;
}

/**
 * Starts a server in its own process group, so stopping it by its id also ends what it started (pnpm, tsx), and so
 * the terminal's Ctrl-C reaches the script that started it first, which then stops every server it started.
 */
export function startProcess(name: string, command: string, args: readonly string[], options: StartOptions): Started {
  mkdirSync(options.logDir, { recursive: true });
  const logFile = path.join(options.logDir, `${name}.log`);
  const log = createWriteStream(logFile, { flags: options.appendLog ? 'a' : 'w' });
  const child = spawn(command, args, {
    cwd: options.cwd ?? REPO_ROOT,
    env: { ...process.env, ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return {
    name,
    child,
    logFile,
    stop: () =>
      new Promise((resolve) => {
        if (hasExited(child) || child.pid === undefined) return resolve();
        const forced = setTimeout(() => signalGroup(child.pid, 'SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(forced);
          resolve();
        });
        signalGroup(child.pid, 'SIGTERM');
      }),
  };
}

export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Sends a signal to a whole process group (the leader's id); silent when it is already gone. */
export function signalGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** Polls a URL until it answers 2xx; fails early when the process exits. */
export async function waitUntilUp(url: string, started: Started, timeoutMs = 120_000, fetchUrl: typeof fetch = fetch): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited(started.child)) {
      throw new Error(
        `${started.name} exited with ${started.child.exitCode ?? started.child.signalCode} before ${url} answered (log: ${started.logFile})`,
      );
    }
    try {
      if ((await fetchUrl(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s (log: ${started.logFile})`);
}

/** Runs a command to its end; rejects on a non-zero exit. */
export function runToEnd(command: string, args: readonly string[], env: Record<string, string> = {}, cwd = REPO_ROOT): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/**
 * Runs a command-line tool's `main` (npm run bench, npm run drills) so that it leaves nothing running: on SIGINT or
 * SIGTERM, and after `main` ends or fails, `stop` ends what the tool started. A failure is printed with its causes
 * (a wrapped client error names the real one, such as undici's GOAWAY only there) and sets the exit code.
 */
export async function runTool(name: string, main: () => Promise<void>, stop: () => Promise<void>): Promise<void> {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      process.stderr.write(`\n${name}: ${signal}, stopping what it started...\n`);
      void stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }
  try {
    await main();
  } catch (error) {
    for (
      let shown: unknown = error, prefix = `${name} failed`;
      shown !== undefined;
      shown = shown instanceof Error ? shown.cause : undefined, prefix = '  caused by'
    ) {
      process.stderr.write(`${prefix}: ${shown instanceof Error ? (shown.stack ?? shown.message) : String(shown)}\n`);
    }
    process.exitCode = 1;
  } finally {
    if (!stopping) await stop();
  }
}
