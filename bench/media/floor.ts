// The floor under any Node WebSocket fan-out on this machine: the sample's fMP4 fragments, framed once,
// written to every viewer's socket with one net.Socket.write per viewer per frame and nothing else —
// no ws, no hub, no backlog checks, no sessions. bench/media measures it with the same clients and
// window as ours and the peer: what it costs is what the kernel's loopback TCP and Node's write path
// cost before any server code runs, the least one write per viewer per frame can cost here.
// Prints {"port": n} once listening; runs until SIGTERM.
import { createHash } from 'node:crypto';
import net from 'node:net';
import { muxPsFrame, packetizePs, parseRtp, PsToFmp4 } from '@svc/media';
import { loadSample } from '../../apps/device-sim/src/media/sample.js';
import { wsBinaryFrame } from '../../apps/server/src/media/ws-frame.js';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const FRAME_MS = 40;
/** 90 kHz ticks a frame at 25 fps. */
const TICKS = 3600;

// One loop of the sample as fMP4 fragments (keyframe first), remuxed by the same code as the server's.
const sample = loadSample('h264');
const fragments: Buffer[] = [];
const remux = new PsToFmp4({ onInit: () => undefined, onFragment: (f) => fragments.push(Buffer.from(f)) });
let sequence = 0;
// A frame is emitted when the next one begins: one frame past the loop brings out its last.
for (let i = 0; i <= sample.frames.length; i++) {
  const f = sample.frames[i % sample.frames.length]!;
  const t = i * TICKS;
  const ps = muxPsFrame({ streamType: sample.streamType, pts: t, dts: t, keyframe: f.keyframe, data: f.data });
  const rtp = packetizePs(ps, { ssrc: 1, sequence, timestamp: t });
  sequence = rtp.nextSequence;
  for (const packet of rtp.packets) {
    const parsed = parseRtp(packet);
    if (parsed.ok) remux.pushRtp(parsed.value);
  }
}
fragments.length = Math.min(fragments.length, sample.frames.length);
if (fragments.length === 0) throw new Error('the sample gave no fragments');

const viewers = new Set<net.Socket>();
const server = net.createServer({ noDelay: true }, (socket) => {
  let head = '';
  socket.on('error', () => undefined);
  socket.on('close', () => viewers.delete(socket));
  const onData = (b: Buffer) => {
    head += b.toString('latin1');
    if (!head.includes('\r\n\r\n')) return;
    socket.off('data', onData);
    const key = /sec-websocket-key:\s*(\S+)/i.exec(head)?.[1];
    if (!key) return socket.destroy();
    const accept = createHash('sha1')
      .update(key + GUID)
      .digest('base64');
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    viewers.add(socket);
  };
  socket.on('data', onData);
});

// Frames at real time from the first tick; tfdt keeps rising across loops of the sample, as live media does.
const started = performance.now();
let sent = 0;
setInterval(() => {
  const due = Math.floor((performance.now() - started) / FRAME_MS);
  for (; sent <= due; sent++) {
    const payload = Buffer.from(fragments[sent % fragments.length]!);
    // moof(8) mfhd(16) traf(8) tfhd(16), then tfdt version 1 with its 64-bit time at 60.
    payload.writeBigUInt64BE(BigInt(sent * TICKS), 60);
    const { frame } = wsBinaryFrame(payload);
    for (const v of viewers) v.write(frame);
  }
}, 5);

server.listen(0, '127.0.0.1', () => {
  const address = server.address() as net.AddressInfo;
  process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
});
process.once('SIGTERM', () => process.exit(0));
