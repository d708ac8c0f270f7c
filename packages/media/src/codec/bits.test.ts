// Exp-Golomb reading and emulation-prevention removal on literal bits.
import { describe, expect, it } from 'vitest';
import { hex } from '../test-support.js';
import { BitReader, BitsExhausted, unescapeRbsp } from './bits.js';

describe('BitReader', () => {
  it('reads ue(v) and se(v) codes', () => {
    // 1 | 010 | 011 | 00100 | 00101 | 00110 → ue 0, 1, 2, 3; se of 4 → -2, se of 5 → +3
    const r = new BitReader(hex('a6 42 98'));
    expect([r.ue(), r.ue(), r.ue(), r.ue(), r.se(), r.se()]).toEqual([0, 1, 2, 3, -2, 3]);
  });

  it('throws its own error past the end, for the parsers to turn into a result', () => {
    const r = new BitReader(hex('00'));
    expect(() => r.ue()).toThrow(BitsExhausted);
  });
});

describe('unescapeRbsp', () => {
  it('drops the 03 of every 00 00 03, including back to back', () => {
    expect(unescapeRbsp(hex('6742 000003 01 000003 000003 00 ff'))).toEqual(hex('6742 0000 01 0000 0000 00 ff'));
  });

  it('answers the same buffer when there is nothing to remove', () => {
    const b = hex('674d401e');
    expect(unescapeRbsp(b)).toBe(b);
  });
});
