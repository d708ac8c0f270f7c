// RTP header parsing and writing on literal bytes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hex } from '../test-support.js';
import { parseRtp, writeRtp } from './packet.js';

describe('parseRtp', () => {
  it('reads the fixed header and answers the payload as a view', () => {
    const r = parseRtp(hex('80e0 fffe 01020304 0a0b0c0d  aabbcc'));
    expect(r).toEqual({
      ok: true,
      value: {
        marker: true,
        payloadType: 96,
        sequence: 0xfffe,
        timestamp: 0x01020304,
        ssrc: 0x0a0b0c0d,
        payload: hex('aabbcc'),
      },
    });
  });

  it('skips two CSRCs and a header extension of one word, and strips padding', () => {
    const buf = hex('b2 60 0001 00000010 00000020  11111111 22222222  bede0001 55667788  c0ffee  000003');
    const r = parseRtp(buf);
    expect(r.ok && r.value.payload).toEqual(hex('c0ffee'));
    expect(r.ok && r.value.marker).toBe(false);
  });

  it.each([
    ['too short', '80 60 0001 00000000 000000'],
    ['version 1', '40 60 0001 00000000 00000000'],
    ['CSRCs past the end', '83 60 0001 00000000 00000000 00000000'],
    ['extension past the end', '90 60 0001 00000000 00000000 bede0004 00000000'],
    ['padding longer than the payload', 'a0 60 0001 00000000 00000000 aa 05'],
    ['padding count zero', 'a0 60 0001 00000000 00000000 aa 00'],
  ])('refuses %s', (_name, bytes) => {
    expect(parseRtp(hex(bytes)).ok).toBe(false);
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (a) => {
        const r = parseRtp(Buffer.from(a));
        if (r.ok) expect(r.value.payload.length).toBeLessThanOrEqual(a.length - 12);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('writeRtp', () => {
  it('writes a plain version-2 header', () => {
    const p = { marker: true, payloadType: 96, sequence: 65535, timestamp: 0xfffffff0, ssrc: 7, payload: hex('0102') };
    expect(writeRtp(p)).toEqual(hex('80e0 ffff fffffff0 00000007 0102'));
    expect(parseRtp(writeRtp(p))).toEqual({ ok: true, value: p });
  });
});
