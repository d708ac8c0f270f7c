// GB/T 28181-2022 SnapShotConfig on a simulated device: upload the bundled picture to the URL the
// platform gave (one HTTP POST per picture), as a camera does after an alarm.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { child, childText, type ManscdpMessage } from '@svc/gb28181';

let picture: Buffer | undefined;
const snapshot = () => (picture ??= readFileSync(new URL('../assets/snapshot-640x360.jpg', import.meta.url)));

/** The upload a DeviceConfig asks for, if it carries a SnapShotConfig with an http(s) URL. */
export function snapshotRequest(m: ManscdpMessage): { url: string; count: number } | undefined {
  const config = child(m.el, 'SnapShotConfig');
  if (!config) return undefined;
  const url = childText(config, 'UploadURL')?.trim() ?? '';
  if (!/^https?:\/\//.test(url)) return undefined;
  const count = Math.min(Math.max(Number(childText(config, 'SnapNum') ?? '1') || 1, 1), 10);
  return { url, count };
}

// Keep-alive connections, as a camera keeps one to its platform: a burst of alarms reuses a few
// sockets instead of a TCP handshake (and a TIME_WAIT) per picture.
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

/** Who wants to see each upload's outcome and time (benchmarks); nobody by default. */
let observer: ((status: number, ms: number) => void) | undefined;
export function observeUploads(fn: ((status: number, ms: number) => void) | undefined): void {
  observer = fn;
}

/** Posts the picture; answers the HTTP status (0 when the platform could not be reached). */
export function uploadSnapshot(url: string): Promise<number> {
  const body = snapshot();
  const t0 = performance.now();
  return new Promise<number>((resolve) => {
    const done = (status: number) => {
      observer?.(status, performance.now() - t0);
      resolve(status);
    };
    try {
      const target = new URL(url);
      const lib = target.protocol === 'https:' ? https : http;
      const req = lib.request(
        target,
        {
          method: 'POST',
          agent: agents[target.protocol as 'http:' | 'https:'],
          headers: { 'content-type': 'image/jpeg', 'content-length': body.length },
        },
        (res) => {
          res.resume();
          res.on('end', () => done(res.statusCode ?? 0));
          res.on('error', () => done(0));
        },
      );
      req.on('error', () => done(0));
      req.end(body);
    } catch {
      done(0);
    }
  });
}
