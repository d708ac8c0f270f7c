// Runs simulated GB28181 cameras (apps/device-sim's CLI) against the server under test, as a child process.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

// Playwright runs from the repository root (scripts/e2e.mjs).
const ROOT = process.cwd();

export interface SimRun {
  stop(): Promise<void>;
  output(): string;
}

export function startCameras(o: {
  firstId: string;
  count: number;
  password: string;
  alarmsPerMinute?: number;
  /** IP cameras unless told; an NVR reports `channels` channels (the simulator's default unless told). */
  type?: 'ipc' | 'nvr';
  channels?: number;
}): SimRun {
  const port = process.env.E2E_SIP_PORT;
  if (!port) throw new Error('E2E_SIP_PORT is not set: run the e2e tests with npm run test:e2e');
  const child: ChildProcess = spawn(
    join(ROOT, 'node_modules/.bin/tsx'),
    [
      join(ROOT, 'apps/device-sim/src/cli.ts'),
      ...['--server', `127.0.0.1:${port}`, '--count', String(o.count), '--type', o.type ?? 'ipc'],
      ...(o.channels ? ['--channels', String(o.channels)] : []),
      ...['--first-id', o.firstId, '--password', o.password, '--transport', 'udp', '--retry', '1'],
      ...['--bind', '127.0.0.1'],
      ...(o.alarmsPerMinute ? ['--alarms', String(o.alarmsPerMinute)] : []),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  return {
    output: () => log,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        // SIGINT: the simulator unregisters before it exits.
        child.kill('SIGINT');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
