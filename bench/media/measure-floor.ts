// The floor: bare writes of the same fragments (floor.ts), measured as ours and the peer are. What it
// costs no Node server that writes each frame to each viewer can go below on this machine.
import { spawn } from 'node:child_process';
import { jsonLines, ROOT } from '../gateway/harness.js';
import { capacity, type Capacity } from './capacity.js';
import { capacityRows } from './report.js';
import { VIEWERS } from './setup.js';

export async function measureFloor(): Promise<Map<number, Capacity>> {
  const floor = new Map<number, Capacity>();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'bench/media/floor.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      jsonLines<{ port: number }>(proc, (l) => resolve(l.port));
      proc.once('exit', () => reject(new Error('floor.ts exited')));
    });
    const url = `ws://127.0.0.1:${port}/floor`;
    for (const n of VIEWERS) {
      const c = await capacity(`floor ${n}`, proc.pid!, async () => [url], n, 'fmp4');
      floor.set(n, c);
      capacityRows('floor (bare writes)', n, c, false);
    }
  } finally {
    proc.kill('SIGTERM');
  }
  return floor;
}
