import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PORTS } from './ports.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  stop: () => Promise<void>;
}

async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  // A first-view server listens once its server bundle is warm: several seconds on a busy machine.
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`server for ${url} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** Starts one app's static origin (as the webServer entries do) for a test that needs its own; stop() ends it. */
export async function serveApp(app: string, folder: string, port: number, env: Record<string, string> = {}): Promise<RunningServer> {
  const child = spawn('node', ['tooling/bin/serve-app.js', '--app', app, '--port', String(port), '--dir', `${folder}/dist`], {
    cwd: repoRoot,
    env: { ...process.env, API_URL: `http://127.0.0.1:${PORTS.api}`, ...env },
    stdio: 'ignore',
  });
  await waitUntilUp(`http://127.0.0.1:${port}/index.html`, child);
  return {
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
