// Many WebSocket viewers in a process of their own (so the client side does not steal the server's CPU
// figure): fMP4 (ours) or FLV (node-media-server); per viewer, how far behind real time its data arrives.
//   argv: JSON {urls: string[], perUrl: number, kind: 'fmp4' | 'flv', rampMs: number}
//   stdin: "mark" starts a measurement window; "report" prints the window's figures as one JSON line.
import { createInterface } from 'node:readline';
import WebSocket from 'ws';

interface Args {
  urls: string[];
  perUrl: number;
  kind: 'fmp4' | 'flv';
  rampMs: number;
}
const args = JSON.parse(process.argv[2] ?? '{}') as Args;

/** Below this much added delay over the window a viewer is keeping up. */
const BEHIND_MS = 1000;
const EPOCH_MS = 2000;

class Watch {
  /** min(arrival − media time) in the current and the previous 2 s epoch: the viewer's delay without jitter. */
  cur = Infinity;
  prev = Infinity;
  ref = Infinity;
  closedCode = 0;
  closedInWindow = false;
  frames = 0;
  bytes = 0;
  firstTs = -1;
  lastTs = -1;
  tsStep = 0;
  gaps = 0;
  open = false;
  flvTail: Buffer | undefined;

  see(tsMs: number, now: number): void {
    const d = now - tsMs;
    if (d < this.cur) this.cur = d;
    this.frames++;
    if (this.firstTs < 0) this.firstTs = tsMs;
    else if (tsMs > this.lastTs && this.lastTs >= 0) {
      const step = tsMs - this.lastTs;
      // Frames missing between two received ones (25 fps: 40 ms apart).
      if (step > 60) this.gaps += Math.round(step / 40) - 1;
    }
    this.lastTs = tsMs;
  }
  delay(): number {
    return Math.min(this.cur, this.prev);
  }
}

const watches: Watch[] = [];
const closeCodes = new Map<number, number>();
let messages = 0;

function tfdtMs(b: Buffer): number | undefined {
  // moof(8) mfhd(16) traf(8) tfhd(16) then tfdt version 1: its 64-bit time at 48 + 12, 90 kHz.
  if (b.length < 68 || b.toString('latin1', 4, 8) !== 'moof' || b.toString('latin1', 52, 56) !== 'tfdt')
    return undefined;
  return Number(b.readBigUInt64BE(60)) / 90;
}

function flvTimes(w: Watch, chunk: Buffer, out: number[]): void {
  const b = w.flvTail ? Buffer.concat([w.flvTail, chunk]) : chunk;
  w.flvTail = undefined;
  let at = 0;
  if (b.length >= 13 && b.toString('latin1', 0, 3) === 'FLV') at = 13;
  while (b.length - at >= 11) {
    const size = b.readUIntBE(at + 1, 3);
    if (b.length - at < 11 + size + 4) break;
    if (b[at] === 9) {
      const ts = (b.readUIntBE(at + 4, 3) | (b[at + 7]! << 24)) >>> 0;
      // AVC sequence headers (packet type 0) carry no frame.
      if (b[at + 12] === 1) out.push(ts);
    }
    at += 11 + size + 4;
  }
  if (at < b.length) w.flvTail = Buffer.from(b.subarray(at));
}

function connect(url: string): void {
  const w = new Watch();
  watches.push(w);
  const ws = new WebSocket(url, { perMessageDeflate: false });
  const times: number[] = [];
  ws.on('open', () => (w.open = true));
  ws.on('message', (data: Buffer | string, isBinary?: boolean) => {
    // ws 7 (what the root resolves) passes text as a string and no isBinary; ws 8 passes both.
    messages++;
    if (typeof data === 'string' || isBinary === false) return;
    const now = performance.now() + performance.timeOrigin;
    w.bytes += data.length;
    if (args.kind === 'fmp4') {
      const t = tfdtMs(data);
      if (t !== undefined) w.see(t, now);
    } else {
      times.length = 0;
      flvTimes(w, data, times);
      for (const t of times) w.see(t, now);
    }
  });
  ws.on('close', (code) => {
    w.open = false;
    w.closedCode = code;
    w.closedInWindow = true;
    closeCodes.set(code, (closeCodes.get(code) ?? 0) + 1);
  });
  ws.on('error', () => undefined);
}

setInterval(() => {
  for (const w of watches) {
    w.prev = w.cur;
    w.cur = Infinity;
  }
}, EPOCH_MS);

const total = args.urls.length * args.perUrl;
let opened = 0;
const opener = setInterval(
  () => {
    const batch = Math.max(1, Math.ceil(total / Math.max(1, args.rampMs / 20)));
    for (let i = 0; i < batch && opened < total; i++, opened++) connect(args.urls[opened % args.urls.length]!);
    if (opened >= total) clearInterval(opener);
  },
  Math.min(20, args.rampMs),
);

let markAt = 0;
let markMessages = 0;
createInterface({ input: process.stdin }).on('line', (line) => {
  const cmd = line.trim();
  if (cmd === 'mark') {
    markAt = performance.now();
    markMessages = messages;
    for (const w of watches) {
      w.ref = w.delay();
      w.closedInWindow = false;
      w.frames = 0;
      w.gaps = 0;
      w.bytes = 0;
    }
  }
  const drift = watches.map((w) => (w.open ? w.delay() - w.ref : Infinity)).sort((a, b) => a - b);
  const behind = watches.filter((w) => !w.open || w.delay() - w.ref > BEHIND_MS).length;
  const secs = (performance.now() - markAt) / 1000;
  const finite = drift.filter(Number.isFinite);
  process.stdout.write(
    `${JSON.stringify({
      cmd,
      viewers: watches.length,
      open: watches.filter((w) => w.open).length,
      receiving: watches.filter((w) => w.frames > 0).length,
      behind,
      closedInWindow: watches.filter((w) => w.closedInWindow).length,
      closeCodes: Object.fromEntries(closeCodes),
      driftP50Ms: finite[Math.floor(finite.length / 2)] ?? null,
      driftP99Ms: finite[Math.ceil(finite.length * 0.99) - 1] ?? null,
      driftMaxMs: finite[finite.length - 1] ?? null,
      framesPerViewerPerS: watches.reduce((n, w) => n + w.frames, 0) / Math.max(1, watches.length) / secs,
      framesLost: watches.reduce((n, w) => n + w.gaps, 0),
      messagesPerS: (messages - markMessages) / secs,
    })}\n`,
  );
});
