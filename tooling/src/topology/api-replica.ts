import { readFileSync } from 'node:fs';
import { hasExited, signalGroup, startProcess, waitUntilUp, type Started } from '../processes.js';

/** One API replica: its process group can be killed outright and started again with the same settings. */
export interface ApiReplica {
  name: string;
  /** Straight to this replica, bypassing the edge. */
  url: string;
  /** The process group's id (the compiled API's node process), undefined once it has exited. */
  pid: () => number | undefined;
  /** Sends the signal to the whole process group (as `docker kill` does to a container) and waits for the exit. */
  kill: (signal?: NodeJS.Signals) => Promise<void>;
  /** Starts it again (after a kill) and waits until it answers /health. */
  restart: () => Promise<void>;
  /** SIGTERM (a graceful shutdown), SIGKILL after 10 s. */
  stop: () => Promise<void>;
}

/** A replica of the compiled API on `port`, not started yet: `restart` starts it. */
export function apiReplica(name: string, port: number, env: Record<string, string>, logDir: string): ApiReplica {
  let started: Started | undefined;
  // A restart appends to the log the first start began, so the kill and what followed read as one story.
  let starts = 0;
  const url = `http://127.0.0.1:${port}`;
  const running = () => (started && !hasExited(started.child) ? started : undefined);
  return {
    name,
    url,
    pid: () => running()?.child.pid,
    kill: async (signal = 'SIGKILL') => {
      const current = running();
      if (!current) return;
      const exited = new Promise((resolve) => current.child.once('exit', resolve));
      signalGroup(current.child.pid, signal);
      await exited;
    },
    restart: async () => {
      if (running()) throw new Error(`${name} is still running (pid ${started?.child.pid})`);
      // The compiled API, as its image runs it (tooling/docker/api.Dockerfile).
      started = startProcess(name, 'node', ['api/dist/main.js'], { env: { ...env, PORT: String(port) }, logDir, appendLog: starts++ > 0 });
      try {
        await waitUntilUp(`${url}/health`, started);
      } catch (error) {
        // The reason is in the log's last lines: put them in the error, which is often all a test run shows.
        const tail = readFileSync(started.logFile, 'utf8').trimEnd().split('\n').slice(-15).join('\n');
        throw new Error(`${error instanceof Error ? error.message : String(error)}\n${tail}`, { cause: error });
      }
    },
    stop: async () => {
      await running()?.stop();
    },
  };
}
