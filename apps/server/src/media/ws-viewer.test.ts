// The fan-out frames each fragment once and writes the same bytes to every viewer's socket: those
// bytes must be one well-formed server→client binary frame (RFC 6455 §5.2) whatever the size, follow
// the init messages, and a slow viewer's 4429 close must come after its data.
import { createHash, randomBytes } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { MAX_VIEWER_BACKLOG, SLOW_VIEWER_CLOSE, StreamHub } from './hub.js';
import { WS_MAX_HEADER, wsBinaryFrame } from './ws-frame.js';
import { WebSocketViewer } from './ws-viewer.js';

const track = { codec: 'h264', codecString: 'avc1.64001e', width: 640, height: 360 } as Parameters<
  StreamHub['setInit']
>[1];

interface Frame {
  fin: boolean;
  rsv: number;
  opcode: number;
  masked: boolean;
  /** 7-bit length field as sent: the size itself, 126 or 127. */
  lengthField: number;
  payload: Buffer;
}

function parseFrames(b: Buffer): { frames: Frame[]; rest: number } {
  const frames: Frame[] = [];
  let at = 0;
  while (b.length - at >= 2) {
    const lengthField = b[at + 1]! & 0x7f;
    let size = lengthField;
    let h = 2;
    if (lengthField === 126) {
      if (b.length - at < 4) break;
      size = b.readUInt16BE(at + 2);
      h = 4;
    } else if (lengthField === 127) {
      if (b.length - at < 10) break;
      size = Number(b.readBigUInt64BE(at + 2));
      h = 10;
    }
    if (b.length - at < h + size) break;
    frames.push({
      fin: (b[at]! & 0x80) !== 0,
      rsv: b[at]! & 0x70,
      opcode: b[at]! & 0x0f,
      masked: (b[at + 1]! & 0x80) !== 0,
      lengthField,
      payload: b.subarray(at + h, at + h + size),
    });
    at += h + size;
  }
  return { frames, rest: b.length - at };
}

/** A viewer as bare TCP: the Upgrade request, the 101 checked, then every byte after it kept. */
async function rawViewer(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const key = randomBytes(16).toString('base64');
  socket.write(
    `GET /live HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  const chunks: Buffer[] = [];
  let head = '';
  let upgraded = false;
  const ready = new Promise<void>((resolve, reject) => {
    socket.on('data', (c: Buffer) => {
      if (upgraded) return void chunks.push(c);
      head += c.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
      if (!head.startsWith('HTTP/1.1 101') || !head.includes(`Sec-WebSocket-Accept: ${accept}`))
        return reject(new Error(head));
      upgraded = true;
      if (end + 4 < head.length) chunks.push(Buffer.from(head.slice(end + 4), 'latin1'));
      resolve();
    });
    socket.on('error', reject);
  });
  await ready;
  return { socket, bytes: () => Buffer.concat(chunks) };
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

async function hubServer() {
  const hub = new StreamHub();
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const joined: WebSocket[] = [];
  wss.on('connection', (ws) => {
    joined.push(ws);
    const viewer = new WebSocketViewer(ws);
    hub.add(viewer);
    ws.on('close', () => hub.remove(viewer));
  });
  cleanup.push(async () => {
    for (const ws of wss.clients) ws.terminate();
    await new Promise((r) => wss.close(r));
  });
  const port = (wss.address() as AddressInfo).port;
  const until = async (n: number) => {
    while (joined.length < n) await new Promise((r) => setTimeout(r, 5));
  };
  return { hub, port, until };
}

const settle = (ms = 50) => new Promise((r) => setTimeout(r, ms));

describe('wsBinaryFrame', () => {
  it.each([
    [0, 0],
    [125, 125],
    [126, 126],
    [65_535, 126],
    [65_536, 127],
    [70_000, 127],
  ])('frames %i bytes with length field %i', (size, field) => {
    const payload = randomBytes(size);
    const { frame, data } = wsBinaryFrame(payload);
    const { frames, rest } = parseFrames(frame);
    expect(rest).toBe(0);
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatchObject({ fin: true, rsv: 0, opcode: 2, masked: false, lengthField: field });
    expect(frames[0]!.payload.equals(payload)).toBe(true);
    expect(data.equals(payload)).toBe(true);
  });
});

describe('wsBinaryFrame with headroom', () => {
  it.each([125, 126, 65_536])('writes the header of %i bytes in the headroom, copying nothing', (size) => {
    const room = Buffer.allocUnsafeSlow(WS_MAX_HEADER + size);
    const payload = room.subarray(WS_MAX_HEADER);
    randomBytes(size).copy(payload);
    const { frame, data } = wsBinaryFrame(payload, WS_MAX_HEADER);
    expect(frame.buffer).toBe(room.buffer);
    expect(data).toBe(payload);
    expect(frame.equals(wsBinaryFrame(Buffer.from(payload)).frame)).toBe(true);
  });

  it('copies when the producer left too little room', () => {
    const room = Buffer.allocUnsafeSlow(2 + 200);
    const payload = room.subarray(2);
    const { frame } = wsBinaryFrame(payload, 2);
    // 200 bytes need a 4-byte header: not in 2 bytes of room.
    expect(frame.buffer).not.toBe(room.buffer);
    expect(parseFrames(frame).frames[0]!.payload.equals(payload)).toBe(true);
  });
});

describe('WebSocketViewer fan-out', () => {
  it('writes identical, well-formed frames to every viewer after the init messages', async () => {
    const { hub, port, until } = await hubServer();
    const init = randomBytes(700);
    hub.setInit(init, track);
    const a = await rawViewer(port);
    const b = await rawViewer(port);
    cleanup.push(async () => {
      a.socket.destroy();
      b.socket.destroy();
    });
    // A standard client too: ws rejects anything malformed (masking, RSV bits, lengths).
    const library = new WebSocket(`ws://127.0.0.1:${port}/`, { perMessageDeflate: false });
    const got: Buffer[] = [];
    library.on('message', (d: Buffer, binary: boolean) => binary && got.push(d));
    let libraryError: unknown;
    library.on('error', (e) => (libraryError = e));
    await until(3);
    cleanup.push(async () => void library.terminate());

    const sizes = [10, 125, 126, 4000, 65_535, 65_536, 200_000];
    const payloads = sizes.map((n) => randomBytes(n));
    payloads.forEach((p, i) => hub.push(p, i === 0, 3600));
    await settle(200);

    const fromA = a.bytes();
    expect(fromA.equals(b.bytes())).toBe(true);
    const { frames, rest } = parseFrames(fromA);
    expect(rest).toBe(0);
    expect(frames.map((f) => f.opcode)).toEqual([1, 2, ...sizes.map(() => 2)]);
    expect(JSON.parse(frames[0]!.payload.toString())).toMatchObject({ type: 'init', width: 640 });
    expect(frames[1]!.payload.equals(init)).toBe(true);
    for (const [i, f] of frames.slice(2).entries()) {
      expect(f).toMatchObject({ fin: true, rsv: 0, opcode: 2, masked: false });
      expect(f.lengthField).toBe(sizes[i]! < 126 ? sizes[i] : sizes[i]! < 65_536 ? 126 : 127);
      expect(f.payload.equals(payloads[i]!)).toBe(true);
    }
    expect(libraryError).toBeUndefined();
    expect(got.map((d) => d.length)).toEqual([init.length, ...sizes]);
  });

  it('closes a viewer that stops reading with 4429, after the data it was sent', async () => {
    const { hub, port, until } = await hubServer();
    hub.setInit(randomBytes(100), track);
    const slow = await rawViewer(port);
    cleanup.push(async () => void slow.socket.destroy());
    await until(1);
    slow.socket.pause();
    let pushes = 0;
    while (hub.viewers.size > 0 && pushes < 200) {
      hub.push(randomBytes(MAX_VIEWER_BACKLOG / 4), pushes === 0, 3600);
      pushes++;
      await settle(5);
    }
    expect(hub.viewers.size).toBe(0);
    expect(hub.stats.slowViewers).toBe(1);
    slow.socket.resume();
    let parsed = parseFrames(slow.bytes());
    for (let i = 0; i < 200 && parsed.frames.at(-1)?.opcode !== 8; i++) {
      await settle(20);
      parsed = parseFrames(slow.bytes());
    }
    const { frames } = parsed;
    const close = frames.at(-1)!;
    expect(close.opcode).toBe(8);
    expect(close.payload.readUInt16BE(0)).toBe(SLOW_VIEWER_CLOSE);
    // Everything before the close is whole: the init messages and the fragments pushed before it.
    expect(frames.slice(0, -1).map((f) => f.opcode)).toEqual([1, 2, ...Array(pushes - 1).fill(2)]);
    for (const f of frames.slice(2, -1)) expect(f.payload.length).toBe(MAX_VIEWER_BACKLOG / 4);
  });
});
