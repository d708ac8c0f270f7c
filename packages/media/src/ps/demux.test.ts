// PS demultiplexing on literal bytes: headers, PSM, PES forms, splitting, resync, PTS wrap and the size cap.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hex } from '../test-support.js';
import { PsDemuxer, type EsFrame } from './demux.js';
import { writeTimestamp } from './timestamps.js';

const PACK_WITH_STUFFING = '000001ba 440004000401 0189c3 fa ffff';
const PACK_MPEG1 = '000001ba 2100010001 800001';
const SYSTEM_HEADER = '000001bb 000c 80c351 04e1ff e0e080 c0c020';
const PSM = '000001bc 0012 e0ff 0000 0008 1be00000 90c00000 00000000';
const PTS_3600 = '2100011c21';
const PTS_7200_DTS_3600 = '3100013841 1100011c21';

function pes(streamId: string, header: string, payload: string): string {
  const h = hex(header);
  const body = hex(payload);
  const len = Buffer.alloc(2);
  len.writeUInt16BE(3 + h.length + body.length);
  const flags = h.length === 0 ? '00' : h.length === 5 ? '80' : 'c0';
  return `000001${streamId} ${len.toString('hex')} 80 ${flags} ${h.length.toString(16).padStart(2, '0')} ${header} ${payload}`;
}

function ts(prefix: number, v: number): string {
  const b = Buffer.alloc(5);
  writeTimestamp(b, 0, prefix, v);
  return b.toString('hex');
}

const PARTS = [
  PACK_WITH_STUFFING,
  SYSTEM_HEADER,
  PSM,
  pes('e0', PTS_3600, '00000001 65aabb'),
  pes('e0', '', 'ccdd'),
  pes('c0', PTS_3600, 'd5d5d5'),
  PACK_MPEG1,
  pes('e0', PTS_7200_DTS_3600, '00000001 41ee'),
  '000001b9',
];
const STREAM = hex(PARTS.join(''));

const summary = (frames: EsFrame[]): [string, number, number, number, string][] =>
  frames.map((f) => [f.kind, f.streamType, f.pts, f.dts, f.data.toString('hex')]);

// A video frame ends at the next video PTS, so the audio PES between them comes out first.
const EXPECTED: ReturnType<typeof summary> = [
  ['audio', 0x90, 3600, 3600, 'd5d5d5'],
  ['video', 0x1b, 3600, 3600, '0000000165aabbccdd'],
  ['video', 0x1b, 7200, 3600, '0000000141ee'],
];

describe('PsDemuxer on literal bytes', () => {
  it('reads pack headers (MPEG-2 with stuffing, MPEG-1), system header, PSM and PES with PTS and PTS+DTS', () => {
    const d = new PsDemuxer();
    const frames = [...d.push(STREAM), ...d.flush()];
    expect(summary(frames)).toEqual(EXPECTED);
    expect(d.errors).toBe(0);
    expect([...d.streamTypes]).toEqual([
      [0xe0, 0x1b],
      [0xc0, 0x90],
    ]);
  });

  it('answers the same frames whatever two positions split the bytes', () => {
    for (let a = 0; a < STREAM.length; a++) {
      const b = Math.min(STREAM.length, a + 7);
      const d = new PsDemuxer();
      const chunks = [STREAM.subarray(0, a), STREAM.subarray(a, b), STREAM.subarray(b)];
      const frames = [...chunks.flatMap((c) => d.push(c)), ...d.flush()];
      expect(summary(frames), `split at ${a}`).toEqual(EXPECTED);
      expect(d.errors).toBe(0);
    }
  });

  it('answers the same frames when fed byte by byte', () => {
    const d = new PsDemuxer();
    const frames: EsFrame[] = [];
    for (let k = 0; k < STREAM.length; k++) frames.push(...d.push(STREAM.subarray(k, k + 1)));
    expect(summary([...frames, ...d.flush()])).toEqual(EXPECTED);
  });

  it('skips garbage to the next start code, counting each run once', () => {
    const d = new PsDemuxer();
    const garbage = ['deadbeef 000001 12 34 0000', '', '', '', '55 000001', '', '', '', '', ''];
    const dirty = hex(PARTS.map((p, k) => garbage[k] + p).join(''));
    const frames = [...d.push(dirty), ...d.flush()];
    expect(d.errors).toBe(2);
    expect(summary(frames)).toEqual(EXPECTED);
  });

  it('joins PES packets repeating the frame PTS into one frame', () => {
    const d = new PsDemuxer();
    const bytes = hex(PSM + pes('e0', PTS_3600, '00000001 65aa') + pes('e0', PTS_3600, 'bbcc'));
    expect(summary([...d.push(bytes), ...d.flush()])).toEqual([['video', 0x1b, 3600, 3600, '0000000165aabbcc']]);
  });

  it('unwraps PTS past 2^33', () => {
    const d = new PsDemuxer();
    const near = 2 ** 33 - 3600;
    const bytes = hex([near, 0, 3600].map((v) => PACK_WITH_STUFFING + pes('e0', ts(2, v), '00000001 41')).join(''));
    expect([...d.push(bytes), ...d.flush()].map((f) => f.pts)).toEqual([near, 2 ** 33, 2 ** 33 + 3600]);
  });

  it('drops a frame larger than maxFrameBytes, counts it, and goes on with the next', () => {
    const d = new PsDemuxer({ maxFrameBytes: 100 });
    const big = '00'.repeat(80);
    const bytes = hex(
      pes('e0', PTS_3600, big) + pes('e0', '', big) + pes('e0', ts(2, 7200), '00000001 41') + pes('e0', '', big),
    );
    const frames = [...d.push(bytes), ...d.flush()];
    expect(frames.map((f) => f.pts)).toEqual([7200]);
    expect(frames[0]!.data.length).toBe(85);
    expect(d.droppedFrames).toBe(1);
    expect(d.errors).toBe(1);
  });

  it('drops a frame whose PES is cut short by flush (lost bytes) and resynchronises', () => {
    const d = new PsDemuxer();
    const whole = hex(pes('e0', PTS_3600, '00000001 65aabbccdd'));
    expect(d.push(whole.subarray(0, whole.length - 2))).toEqual([]);
    expect(d.flush()).toEqual([]);
    expect(d.droppedFrames).toBe(1);
    expect(summary([...d.push(hex(pes('e0', ts(2, 7200), '00000001 41'))), ...d.flush()])).toEqual([
      ['video', 0, 7200, 7200, '0000000141'],
    ]);
  });

  it('skips PES without a PTS before any frame, and private streams', () => {
    const d = new PsDemuxer();
    const bytes = hex(
      pes('e0', '', 'aabb') + '000001bd 0003 aabbcc' + '000001be 0002 ffff' + pes('e0', PTS_3600, '00000001 41'),
    );
    expect(summary([...d.push(bytes), ...d.flush()])).toEqual([['video', 0, 3600, 3600, '0000000141']]);
    expect(d.errors).toBe(0);
  });

  it('never throws on arbitrary bytes and keeps what it holds bounded', () => {
    const prefix = fc.constantFrom('', '000001ba', '000001e0', '000001bc', '000001c0', '000001bb');
    fc.assert(
      fc.property(fc.array(fc.tuple(prefix, fc.uint8Array({ maxLength: 120 })), { maxLength: 8 }), (parts) => {
        const d = new PsDemuxer({ maxFrameBytes: 4096 });
        for (const [p, a] of parts) {
          for (const f of d.push(Buffer.concat([hex(p), Buffer.from(a)])))
            expect(f.data.length).toBeLessThanOrEqual(4096);
        }
        for (const f of d.flush()) expect(f.data.length).toBeLessThanOrEqual(4096);
      }),
      { numRuns: 3000 },
    );
  });
});
