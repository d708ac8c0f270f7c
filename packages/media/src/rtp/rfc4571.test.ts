// RFC 4571 deframing across every split position, several packets per chunk, and the size cap.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { frameRfc4571, Rfc4571Deframer } from './rfc4571.js';

const packets = [Buffer.from('first packet'), Buffer.from('2nd'), Buffer.alloc(300, 7)];
const stream = Buffer.concat(packets.map(frameRfc4571));

describe('Rfc4571Deframer', () => {
  it('answers several packets from one chunk', () => {
    const d = new Rfc4571Deframer();
    expect(d.push(stream)).toEqual(packets);
    expect(d.buffered).toBe(0);
  });

  it('reassembles a stream split at every byte position, and twice', () => {
    for (let a = 0; a <= stream.length; a++) {
      const d = new Rfc4571Deframer();
      const b = Math.min(stream.length, a + 5);
      const got = [stream.subarray(0, a), stream.subarray(a, b), stream.subarray(b)].flatMap((c) => d.push(c));
      expect(got, `split at ${a}`).toEqual(packets);
      expect(d.buffered).toBe(0);
    }
  });

  it('reassembles byte by byte and reports what it holds', () => {
    const d = new Rfc4571Deframer();
    const got: Buffer[] = [];
    for (let k = 0; k < stream.length; k++) {
      got.push(...d.push(stream.subarray(k, k + 1)));
      if (k === 5) expect(d.buffered).toBe(6);
    }
    expect(got).toEqual(packets);
  });

  it('skips packets above the cap without buffering them and keeps in step', () => {
    const d = new Rfc4571Deframer(100);
    const big = frameRfc4571(Buffer.alloc(1000, 1));
    const small = frameRfc4571(Buffer.from('ok'));
    expect(d.push(Buffer.concat([small, big.subarray(0, 500)]))).toEqual([Buffer.from('ok')]);
    expect(d.buffered).toBe(0);
    expect(d.push(Buffer.concat([big.subarray(500), small]))).toEqual([Buffer.from('ok')]);
    expect(d.dropped).toBe(1);
  });

  it('frames with a big-endian length', () => {
    expect(frameRfc4571(Buffer.from([9, 8, 7]))).toEqual(Buffer.from([0, 3, 9, 8, 7]));
  });

  it('never throws on arbitrary chunks and never buffers more than one packet', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 200 }), { maxLength: 10 }), (chunks) => {
        const d = new Rfc4571Deframer(512);
        for (const c of chunks) {
          for (const p of d.push(Buffer.from(c))) expect(p.length).toBeLessThanOrEqual(512);
          expect(d.buffered).toBeLessThan(514 + 200);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
