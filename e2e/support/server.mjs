// Starts the real console server (apps/server) for browser runs: free port, fresh data dir, its own process group.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export function serverAvailable() {
  return existsSync(join(ROOT, 'apps/server/src/main.ts'));
}

/** The server serves apps/web/dist; whether it needs a rebuild is decided in one place, by the build script. */
export { webIsStale } from '../../scripts/build-web.mjs';

export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Spawns `tsx src/main.ts` of apps/server detached (tsx forks a child: stopping signals the whole group)
 * and waits for /healthz. `env` adds settings (admin, SMTP, captcha mode).
 */
export async function startConsoleServer({ dataDir, env = {}, logFile, timeoutMs = 120_000 }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'src/main.ts'], {
    cwd: join(ROOT, 'apps/server'),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
  });
  const log = [];
  child.stdout.on('data', (c) => log.push(c));
  child.stderr.on('data', (c) => log.push(c));
  const logText = () => Buffer.concat(log).toString('utf8');
  child.on('exit', () => {
    if (logFile) writeFileSync(logFile, Buffer.concat(log));
  });

  const stop = () => {
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => signal('SIGKILL'), 10_000);
      child.on('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      signal('SIGTERM');
    });
  };
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      // already gone
    }
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with code ${child.exitCode}\n${logText().slice(-4000)}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, stop, logText };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`the server did not answer /healthz within ${timeoutMs / 1000} s\n${logText().slice(-4000)}`);
}
