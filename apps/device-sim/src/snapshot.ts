// GB/T 28181-2022 SnapShotConfig on a simulated device: upload the bundled picture to the URL the
// platform gave (one HTTP POST per picture), as a camera does after an alarm.
import { readFileSync } from 'node:fs';
import https from 'node:https';
import { child, childText, type ManscdpMessage } from '@svc/gb28181';
import { httpPost } from './http-upload.js';

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
// sockets instead of a TCP handshake (and a TIME_WAIT) per picture. Plain http: goes through our own
// small client (http-upload.ts), cheap enough for benchmark rates; https: is rare and stays on node:https.
const tlsAgent = new https.Agent({ keepAlive: true });

/** Who wants to see each upload's outcome and time (benchmarks); nobody by default. */
let observer: ((status: number, ms: number) => void) | undefined;
export function observeUploads(fn: ((status: number, ms: number) => void) | undefined): void {
  observer = fn;
}

function httpsPost(target: URL, body: Buffer): Promise<number> {
  return new Promise<number>((resolve) => {
    let req: ReturnType<typeof https.request>;
    try {
      req = https.request(
        target,
        { method: 'POST', agent: tlsAgent, headers: { 'content-type': 'image/jpeg', 'content-length': body.length } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', () => resolve(0));
        },
      );
    } catch {
      resolve(0);
      return;
    }
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

function post(url: string, body: Buffer): Promise<number> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(0);
  }
  if (target.protocol === 'http:') return httpPost(target, 'image/jpeg', body);
  if (target.protocol === 'https:') return httpsPost(target, body);
  return Promise.resolve(0);
}

/** Posts the picture; answers the HTTP status (0 when the platform could not be reached). */
export function uploadSnapshot(url: string): Promise<number> {
  const t0 = performance.now();
  return post(url, snapshot()).then((status) => {
    observer?.(status, performance.now() - t0);
    return status;
  });
}
