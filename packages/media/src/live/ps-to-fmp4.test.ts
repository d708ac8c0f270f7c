// End-to-end receive path on the bundled samples, through both clock wraps, reordering and loss; ffprobe checks the output.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { VideoCodec } from '../codec/annexb.js';
import type { VideoTrack } from '../fmp4/track.js';
import { parseRtp } from '../rtp/packet.js';
import { hasFfprobe, probe, readSample, sendPipeline } from '../test-support.js';
import { PsToFmp4, type FragmentInfo } from './ps-to-fmp4.js';

interface Collected {
  inits: { init: Buffer; track: VideoTrack }[];
  fragments: { fragment: Buffer; info: FragmentInfo }[];
}

function collector(): { events: ConstructorParameters<typeof PsToFmp4>[0]; got: Collected } {
  const got: Collected = { inits: [], fragments: [] };
  return {
    got,
    events: {
      onInit: (init, track) => got.inits.push({ init, track }),
      onFragment: (fragment, info) => got.fragments.push({ fragment, info }),
    },
  };
}

/** tfdt and mfhd sequence number of a fragment written by writeMoof (fixed box layout). */
function tfdtOf(f: Buffer): number {
  expect(f.toString('latin1', 52, 56)).toBe('tfdt');
  return f.readUInt32BE(60) * 2 ** 32 + f.readUInt32BE(64);
}

const LOST_FRAME = 37;

function runImpaired(codec: VideoCodec): { got: Collected; remux: PsToFmp4; droppedSeq: number } {
  const sent = sendPipeline(codec, readSample(codec), {
    firstPts: 2 ** 33 - 50 * 3600,
    firstTimestamp: 2 ** 32 - 30 * 3600,
    firstSequence: 65_500,
  });
  const inLostFrame = sent.map((s, k) => (s.frame === LOST_FRAME ? k : -1)).filter((k) => k >= 0);
  expect(inLostFrame.length).toBeGreaterThan(1);
  const dropAt = inLostFrame[1]!;
  const packets = sent.map((s) => s.packet);
  const droppedSeq = packets[dropAt]!.readUInt16BE(2);
  packets.splice(dropAt, 1);
  for (let k = 3; k + 1 < packets.length; k += 11) [packets[k], packets[k + 1]] = [packets[k + 1]!, packets[k]!];
  const { events, got } = collector();
  const remux = new PsToFmp4(events);
  for (const buf of packets) {
    const p = parseRtp(buf);
    if (!p.ok) throw new Error(p.error);
    remux.pushRtp(p.value);
  }
  remux.flush();
  return { got, remux, droppedSeq };
}

describe.each([
  ['h264', 'avc1.4d401e', 'h264'],
  ['h265', 'hvc1.1.6.L63.90', 'hevc'],
] as const)('PsToFmp4 on the %s sample', (codec, codecString, probedName) => {
  const { got, remux, droppedSeq } = runImpaired(codec);

  it('emits one init with the SPS picture size and codec string', () => {
    expect(got.inits).toHaveLength(1);
    const { init, track } = got.inits[0]!;
    expect(track).toMatchObject({ codec, codecString, width: 640, height: 360, timescale: 90000 });
    expect(init.toString('latin1', 4, 12)).toBe('ftypisom');
    expect(init.includes(codec === 'h264' ? 'avcC' : 'hvcC')).toBe(true);
  });

  it('emits 99 fragments in order, a keyframe first, with tfdt counting frames from zero across both wraps', () => {
    expect(droppedSeq).toBeLessThan(65_500); // the dropped packet lies past the sequence wrap
    expect(got.fragments).toHaveLength(99);
    const frames = [...Array(100).keys()].filter((i) => i !== LOST_FRAME);
    expect(got.fragments.map((f) => tfdtOf(f.fragment))).toEqual(frames.map((i) => i * 3600));
    expect(got.fragments.map((f) => f.info.dts)).toEqual(frames.map((i) => i * 3600));
    expect(got.fragments.map((f) => f.fragment.readUInt32BE(20))).toEqual(frames.map((_, k) => k + 1));
    expect(got.fragments[0]!.info.keyframe).toBe(true);
    expect(got.fragments.filter((f) => f.info.keyframe).map((f) => f.info.dts)).toEqual(
      [0, 25, 50, 75].map((i) => i * 3600),
    );
  });

  it('counts the lost packet and the packets', () => {
    expect(remux.stats.lost).toBe(1);
    expect(remux.stats.errors).toBe(0); // resynchronising after the loss is not a stream error
    expect(remux.stats.frames).toBe(99);
    expect(remux.stats.packets).toBeGreaterThan(400);
  });

  it.skipIf(!hasFfprobe)(
    `is read by ffprobe as ${probedName} 640x360 at 25 fps (skipped without /usr/bin/ffprobe)`,
    () => {
      const file = join(mkdtempSync(join(tmpdir(), 'media-')), `out-${codec}.mp4`);
      writeFileSync(file, Buffer.concat([got.inits[0]!.init, ...got.fragments.map((f) => f.fragment)]));
      const s = probe(file);
      expect(s).toMatchObject({ codec_name: probedName, width: 640, height: 360, r_frame_rate: '25/1' });
      expect(Number(s.nb_read_frames)).toBe(99);
    },
  );
});

describe('PsToFmp4 without loss', () => {
  it.skipIf(!hasFfprobe)('yields all 100 frames to ffprobe (skipped without /usr/bin/ffprobe)', () => {
    const sent = sendPipeline('h264', readSample('h264'), { firstPts: 0, firstTimestamp: 0, firstSequence: 0 });
    const { events, got } = collector();
    const remux = new PsToFmp4(events);
    for (const s of sent) {
      const p = parseRtp(s.packet);
      if (p.ok) remux.pushRtp(p.value);
    }
    expect(got.fragments).toHaveLength(100);
    const file = join(mkdtempSync(join(tmpdir(), 'media-')), 'clean.mp4');
    writeFileSync(file, Buffer.concat([got.inits[0]!.init, ...got.fragments.map((f) => f.fragment)]));
    expect(probe(file)).toMatchObject({ codec_name: 'h264', width: 640, height: 360, nb_read_frames: '100' });
  });
});

describe('PsToFmp4 memory', () => {
  const run = (headroom?: number) => {
    const sent = sendPipeline('h264', readSample('h264'), { firstPts: 0, firstTimestamp: 0, firstSequence: 0 });
    const { events, got } = collector();
    const remux = new PsToFmp4(events, headroom === undefined ? {} : { headroom });
    for (const s of sent) {
      const p = parseRtp(s.packet);
      if (p.ok) remux.pushRtp(p.value);
    }
    return got;
  };

  it('leaves the headroom asked for free before each fragment, in a buffer of its own, bytes unchanged', () => {
    const plain = run();
    const roomy = run(10);
    expect(roomy.fragments).toHaveLength(plain.fragments.length);
    roomy.fragments.forEach(({ fragment, info }, i) => {
      expect(info.headroom).toBe(10);
      expect(fragment.byteOffset).toBe(10);
      expect(fragment.buffer.byteLength).toBe(10 + fragment.length);
      expect(fragment.equals(plain.fragments[i]!.fragment)).toBe(true);
    });
    // Without headroom, still a buffer of its own: a cached fragment never holds a shared pool slab.
    for (const { fragment, info } of plain.fragments) {
      expect(info.headroom).toBe(0);
      expect(fragment.buffer.byteLength).toBe(fragment.length);
    }
  });

  it('keeps copies of the parameter sets, not views that would hold a keyframe alive', () => {
    const { track } = run().inits[0]!;
    for (const ps of [track.sps, track.pps]) expect(ps.buffer.byteLength).toBe(ps.length);
  });
});

describe('PsToFmp4 on arbitrary input', () => {
  it('never throws on arbitrary RTP payloads and sequence numbers', () => {
    const packet = fc.record({
      marker: fc.boolean(),
      payloadType: fc.constant(96),
      sequence: fc.integer({ min: 0, max: 0xffff }),
      timestamp: fc.integer({ min: 0, max: 0xffffffff }),
      ssrc: fc.constant(1),
      payload: fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
    });
    fc.assert(
      fc.property(fc.array(packet, { maxLength: 8 }), (packets) => {
        const remux = new PsToFmp4({ onInit: () => undefined, onFragment: () => undefined });
        for (const p of packets) remux.pushRtp(p);
        remux.flush();
        expect(remux.stats.packets).toBe(packets.length);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on a real stream with corrupted bytes', () => {
    const real = sendPipeline('h264', readSample('h264'), { firstPts: 0, firstTimestamp: 0, firstSequence: 0 })
      .slice(0, 40)
      .map((s) => s.packet);
    const flip = fc.record({ packet: fc.nat(39), at: fc.nat(1399), value: fc.integer({ min: 0, max: 255 }) });
    fc.assert(
      fc.property(fc.array(flip, { minLength: 1, maxLength: 6 }), (flips) => {
        const packets = real.map((b) => Buffer.from(b));
        for (const f of flips) {
          const b = packets[f.packet]!;
          b[12 + (f.at % (b.length - 12))] = f.value;
        }
        const remux = new PsToFmp4({ onInit: () => undefined, onFragment: () => undefined });
        for (const b of packets) {
          const p = parseRtp(b);
          if (p.ok) remux.pushRtp(p.value);
        }
        remux.flush();
      }),
      { numRuns: 300 },
    );
  });
});
