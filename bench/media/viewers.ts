// Many WebSocket viewers in a process of their own, each as cheap as a viewer can be, so that the
// client side is not what limits the capacity figure: the handshake over bare TCP (Upgrade request,
// 101 and Sec-WebSocket-Accept checked), then every byte counted and only frame headers walked —
// no payload is copied, unmasked, validated or handed to an event. One binary message in
// SAMPLE_EVERY has its first bytes read for its media time (fMP4 tfdt, or the FLV tag time) to
// measure drift. The same clients serve ours (fMP4) and node-media-server (WS-FLV).
//   argv: JSON {urls: string[], perUrl: number, kind: 'fmp4' | 'flv', rampMs: number, token?, mint?}
//   A url `mint:<deviceId>` stands for a URL of its own per viewer, asked of `mint` (the console's
//   base) with `token` just before connecting: ours are single-use and bound to the session that
//   asked, which the upgrade request names in the `xaccesstoken` header.
//   stdin: "mark" starts a measurement window; "status" / "report" print the window's figures as
//   one JSON line (Report in run.ts).
import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import { createInterface } from 'node:readline';

interface Args {
  urls: string[];
  perUrl: number;
  kind: 'fmp4' | 'flv';
  rampMs: number;
  token?: string;
  mint?: string;
}
const args = JSON.parse(process.argv[2] ?? '{}') as Args;

/** About one sampled frame a second at 25 fps: drift needs no more, and each sample costs a copy. */
const SAMPLE_EVERY = 25;
/** A viewer whose data arrives this much later than at the window's start is falling behind. */
const BEHIND_MS = 1000;
/**
 * A viewer that received this much less than the stream's rate over the window is falling behind.
 * Viewers of one stream are sent the same bytes; at a window's edges they differ by at most the
 * fragment in flight (a keyframe, ≈ 15 KB, under 0.5 % of 30 s at 1.1 Mbit/s).
 */
const RATE_TOLERANCE = 0.02;
const EPOCH_MS = 2000;
/** Bytes of a sampled message read: up to the fMP4 tfdt time (moof…tfdt at 52, its value at 60), or an FLV tag head. */
const CAPTURE = args.kind === 'fmp4' ? 68 : 13;
const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/** Every socket reads into this one buffer (net's onread): no allocation per read. */
const READ_BUFFER = Buffer.allocUnsafe(256 * 1024);
const closeCodes = new Map<string, number>();
const wall = () => performance.timeOrigin + performance.now();

class Viewer {
  socket!: net.Socket;
  private readonly key = randomBytes(16).toString('base64');
  private head: string | undefined = '';
  open = false;
  closed = false;
  closedInWindow = false;
  bytes = 0;
  markBytes = 0;
  messages = 0;
  markMessages = 0;
  // The frame walk: header bytes gathered (a header may straddle two reads), then payload skipped.
  private readonly hdr = Buffer.alloc(14);
  private hdrHave = 0;
  private skip = 0;
  private opcode = 0;
  private readonly cap = Buffer.alloc(CAPTURE);
  private capWant = 0;
  private capHave = 0;
  private countdown = 0;
  /** min(arrival − media time) in the current and the previous epoch: the delay without jitter. */
  cur = Infinity;
  prev = Infinity;
  ref = Infinity;

  /** `url` is the stream's key (viewers of one stream are compared with each other). */
  constructor(readonly url: string) {}

  connect(): void {
    if (!this.url.startsWith('mint:')) return this.dial(this.url);
    mintUrl(Number(this.url.slice(5))).then(
      (url) => this.dial(url),
      (err: unknown) => {
        closeCodes.set('mint failed', (closeCodes.get('mint failed') ?? 0) + 1);
        process.stderr.write(`viewer: ${String(err)}\n`);
        this.closed = true;
      },
    );
  }

  private dial(url: string): void {
    const u = new URL(url);
    this.socket = net.connect({
      host: u.hostname,
      port: Number(u.port),
      onread: {
        buffer: READ_BUFFER,
        callback: (n: number, buf: Uint8Array) => {
          this.read(n, buf as Buffer);
          return true; // keep reading
        },
      },
    });
    this.socket.on('connect', () =>
      this.socket.write(
        `GET ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          (args.token ? `xaccesstoken: ${args.token}\r\n` : '') +
          `Sec-WebSocket-Key: ${this.key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      ),
    );
    this.socket.on('error', () => undefined);
    // The server ended the connection without a close frame (or refused it).
    this.socket.on('close', () => this.end(this.head === undefined ? 'socket end' : 'no upgrade'));
  }

  delay(): number {
    return Math.min(this.cur, this.prev);
  }

  private end(code: string): void {
    if (this.closed) return;
    this.closed = true;
    this.open = false;
    this.closedInWindow = true;
    closeCodes.set(code, (closeCodes.get(code) ?? 0) + 1);
    this.socket.destroy();
  }

  private read(n: number, buf: Buffer): void {
    if (this.closed) return;
    let at = 0;
    if (this.head !== undefined) {
      const before = this.head.length;
      this.head += buf.toString('latin1', 0, n);
      const end = this.head.indexOf('\r\n\r\n');
      if (end < 0) return;
      const accept = createHash('sha1')
        .update(this.key + GUID)
        .digest('base64');
      const status = this.head.slice(9, 12);
      if (status !== '101' || !this.head.toLowerCase().includes(`sec-websocket-accept: ${accept.toLowerCase()}`))
        return this.end(`http ${status}`);
      this.head = undefined;
      this.open = true;
      at = end + 4 - before;
    }
    this.bytes += n - at;
    this.walk(buf, at, n);
  }

  private walk(b: Buffer, at: number, end: number): void {
    while (at < end) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, end - at);
        if (this.capHave < this.capWant) {
          const c = Math.min(n, this.capWant - this.capHave);
          b.copy(this.cap, this.capHave, at, at + c);
          this.capHave += c;
        }
        this.skip -= n;
        at += n;
        if (this.skip === 0) this.message();
        continue;
      }
      // RFC 6455 §5.2: 2 bytes, then a 16- or 64-bit length, then a mask key if masked (servers don't).
      if (this.hdrHave < 2) {
        this.hdr[this.hdrHave++] = b[at++]!;
        continue;
      }
      const len7 = this.hdr[1]! & 0x7f;
      const need = 2 + (len7 === 126 ? 2 : len7 === 127 ? 8 : 0) + (this.hdr[1]! & 0x80 ? 4 : 0);
      while (this.hdrHave < need && at < end) this.hdr[this.hdrHave++] = b[at++]!;
      if (this.hdrHave < need) return;
      const size =
        len7 === 126
          ? this.hdr.readUInt16BE(2)
          : len7 === 127
            ? this.hdr.readUInt32BE(2) * 2 ** 32 + this.hdr.readUInt32BE(6)
            : len7;
      this.hdrHave = 0;
      this.opcode = this.hdr[0]! & 0x0f;
      this.skip = size;
      this.capHave = 0;
      this.capWant = 0;
      if (this.opcode === 8) this.capWant = Math.min(2, size);
      else if (this.opcode === 2 && this.countdown <= 0) this.capWant = Math.min(CAPTURE, size);
      if (size === 0) this.message();
    }
  }

  /** A whole message has arrived: count it, read its sample or its close code. */
  private message(): void {
    if (this.opcode === 8) {
      return this.end(this.capHave === 2 ? String(this.cap.readUInt16BE(0)) : 'close');
    }
    if (this.opcode > 2) return; // ping / pong
    this.messages++;
    if (this.opcode !== 2) return;
    this.countdown--;
    if (this.capWant === 0) return;
    const t = this.capHave === CAPTURE ? mediaTimeMs(this.cap) : undefined;
    // Not a frame (the init segment, FLV header or metadata): sample the next message instead.
    if (t === undefined) return;
    this.countdown = SAMPLE_EVERY;
    const d = wall() - t;
    if (d < this.cur) this.cur = d;
  }
}

/** A play URL of its own for one viewer of the device's channel 1 (what the console's player asks). */
async function mintUrl(deviceId: number): Promise<string> {
  const res = await fetch(`${args.mint}/api/device/livePlayUrl`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', xaccesstoken: args.token ?? '' },
    body: JSON.stringify({ deviceId, channel: 1, stream: 'main' }),
  });
  const body = (await res.json()) as { code: number; data?: { wsUrl: string } };
  if (body.code !== 1 || !body.data) throw new Error(`livePlayUrl ${body.code}`);
  return `${args.mint!.replace('http', 'ws')}${body.data.wsUrl}`;
}

function mediaTimeMs(c: Buffer): number | undefined {
  if (args.kind === 'fmp4') {
    // moof(8) mfhd(16) traf(8) tfhd(16) then tfdt version 1: its 64-bit time at 60, 90 kHz.
    if (c.toString('latin1', 4, 8) !== 'moof' || c.toString('latin1', 52, 56) !== 'tfdt') return undefined;
    return (c.readUInt32BE(60) * 2 ** 32 + c.readUInt32BE(64)) / 90;
  }
  // One FLV tag a message: a video tag (9) of AVC (codec 7) NAL units (packet type 1), ms timestamp.
  if (c[0] !== 9 || (c[11]! & 0x0f) !== 7 || c[12] !== 1) return undefined;
  return ((c[4]! << 16) | (c[5]! << 8) | c[6]! | (c[7]! << 24)) >>> 0;
}

const viewers: Viewer[] = [];

setInterval(() => {
  for (const v of viewers) {
    v.prev = v.cur;
    v.cur = Infinity;
  }
}, EPOCH_MS);

const total = args.urls.length * args.perUrl;
const opener = setInterval(
  () => {
    const batch = Math.max(1, Math.ceil(total / Math.max(1, args.rampMs / 20)));
    for (let i = 0; i < batch && viewers.length < total; i++) {
      const v = new Viewer(args.urls[viewers.length % args.urls.length]!);
      viewers.push(v);
      v.connect();
    }
    if (viewers.length >= total) clearInterval(opener);
  },
  Math.min(20, args.rampMs),
);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

let markAt = performance.now();
createInterface({ input: process.stdin }).on('line', (line) => {
  const cmd = line.trim();
  if (cmd === 'mark') {
    markAt = performance.now();
    for (const v of viewers) {
      v.ref = v.delay();
      v.closedInWindow = false;
      v.markBytes = v.bytes;
      v.markMessages = v.messages;
    }
  }
  const secs = Math.max(1e-3, (performance.now() - markAt) / 1000);
  // The stream's bytes over the window: what the best-served viewer of it received. That one being
  // late too (everyone behind) is what the drift measure catches.
  const streamBytes = new Map<string, number>();
  for (const v of viewers) streamBytes.set(v.url, Math.max(streamBytes.get(v.url) ?? 0, v.bytes - v.markBytes));
  let behind = 0;
  let behindRate = 0;
  let behindDrift = 0;
  const drift: number[] = [];
  let minBytes = Infinity;
  for (const v of viewers) {
    const got = v.bytes - v.markBytes;
    const slow = got < (1 - RATE_TOLERANCE) * streamBytes.get(v.url)!;
    const d = v.delay() - v.ref;
    const late = !(d <= BEHIND_MS); // no sample at all (NaN / Infinity) counts as late
    if (v.open) {
      drift.push(d);
      minBytes = Math.min(minBytes, got);
    }
    if (slow) behindRate++;
    if (late) behindDrift++;
    if (!v.open || slow || late) behind++;
  }
  const finite = drift.filter(Number.isFinite).sort((a, b) => a - b);
  const messages = viewers.reduce((n, v) => n + v.messages - v.markMessages, 0);
  const bytes = viewers.reduce((n, v) => n + v.bytes - v.markBytes, 0);
  process.stdout.write(
    `${JSON.stringify({
      cmd,
      viewers: viewers.length,
      open: viewers.filter((v) => v.open).length,
      receiving: viewers.filter((v) => v.bytes > v.markBytes).length,
      behind,
      behindRate,
      behindDrift,
      closedInWindow: viewers.filter((v) => v.closedInWindow).length,
      closeCodes: Object.fromEntries(closeCodes),
      driftP50Ms: finite[Math.floor(finite.length / 2)] ?? null,
      driftP99Ms: finite[Math.ceil(finite.length * 0.99) - 1] ?? null,
      driftMaxMs: finite[finite.length - 1] ?? null,
      streamKbps: (median([...streamBytes.values()]) * 8) / 1000 / secs,
      minViewerKbps: Number.isFinite(minBytes) ? (minBytes * 8) / 1000 / secs : null,
      messagesPerS: messages / secs,
      messagesPerViewerPerS: messages / Math.max(1, viewers.length) / secs,
      mbitPerS: (bytes * 8) / 1e6 / secs,
    })}\n`,
  );
});
