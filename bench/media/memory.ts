// What one live stream holds once it is running, measured in one process with the garbage collector
// forced (so, unlike RSS, no floating garbage and no heap the allocator kept): the receive path of
// the server — RFC 4571 deframer, RTP parse, PS → fMP4 remux, StreamHub with its GOP cache — for N
// streams fed the sample's frames, each stopped at a different point of its GOP as live streams are.
// Sockets, SIP dialogs and session bookkeeping are not in it; bench/media's RSS figure has them.
//   node --expose-gc --import tsx bench/media/memory.ts [streams] [--json]
import { frameRfc4571, muxPsFrame, packetizePs, parseRtp, PsToFmp4, Rfc4571Deframer } from '@svc/media';
import { StreamHub } from '../../apps/server/src/media/hub.js';
import { WS_MAX_HEADER } from '../../apps/server/src/media/ws-frame.js';
import { loadSample } from '../../apps/device-sim/src/media/sample.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const STREAMS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 300);
const sample = loadSample('h264');

/** Frame i of a stream as the server reads it from TCP: its RTP packets, RFC 4571 framed, in one chunk. */
function chunkOf(i: number, sequence: number): { chunk: Buffer; nextSequence: number } {
  const f = sample.frames[i % sample.frames.length]!;
  const t = i * 3600;
  const ps = muxPsFrame({ streamType: sample.streamType, pts: t, dts: t, keyframe: f.keyframe, data: f.data });
  const { packets, nextSequence } = packetizePs(ps, { ssrc: 1, sequence, timestamp: t });
  return { chunk: Buffer.concat(packets.map(frameRfc4571)), nextSequence };
}
const gop = sample.frames.findIndex((f, i) => i > 0 && f.keyframe);

const used = () => {
  gc();
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, external: m.external };
};

const before = used();
const streams = Array.from({ length: STREAMS }, (_, n) => {
  const hub = new StreamHub();
  // As the server's live sessions (live.ts) build them.
  const remux = new PsToFmp4(
    {
      onInit: (init, track) => hub.setInit(init, track),
      onFragment: (fragment, info) => hub.push(fragment, info.keyframe, info.duration, info.headroom),
    },
    { headroom: WS_MAX_HEADER },
  );
  const deframer = new Rfc4571Deframer();
  // Two loops of the sample, then up to one more GOP: stream n stops n frames into a GOP (mod its length).
  const frames = 2 * sample.frames.length + (n % gop);
  let sequence = 0;
  for (let i = 0; i < frames; i++) {
    // A fresh buffer per read, as a socket hands them out.
    const { chunk, nextSequence } = chunkOf(i, sequence);
    sequence = nextSequence;
    for (const buf of deframer.push(chunk)) {
      const p = parseRtp(buf);
      if (p.ok) remux.pushRtp(p.value);
    }
  }
  return { hub, remux, deframer };
});
const after = used();
const gopBytes = streams.reduce((sum, s) => sum + s.hub.gopCacheBytes, 0) / STREAMS;
const heap = (after.heap - before.heap) / STREAMS;
const external = (after.external - before.external) / STREAMS;
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
if (process.argv.includes('--json'))
  console.log(
    JSON.stringify({
      streams: STREAMS,
      gopFrames: gop,
      retained: heap + external,
      gop: gopBytes,
      buffers: external - gopBytes,
      heap,
    }),
  );
else
  console.log(
    `retained a stream (${STREAMS} streams, ${gop}-frame GOP): ${kb(heap + external)} — ` +
      `GOP cache ${kb(gopBytes)}, other buffers ${kb(external - gopBytes)}, JavaScript objects ${kb(heap)}`,
  );
