// Start-code splitting, NAL classification and access-unit grouping on literal bytes and on the samples.
import { describe, expect, it } from 'vitest';
import { hex, readSample } from '../test-support.js';
import { accessUnitsOf, isKeyframeNal, isParameterSetNal, joinAnnexB, nalType, splitAnnexB } from './annexb.js';

describe('splitAnnexB', () => {
  it('splits on 3- and 4-byte start codes, dropping leading junk and trailing zeros', () => {
    const nals = splitAnnexB(hex('ff 00000001 6742 000001 68ce 0000 00000001 65888001 000000'));
    expect(nals).toEqual([hex('6742'), hex('68ce'), hex('65888001')]);
  });

  it('answers nothing without a start code', () => {
    expect(splitAnnexB(hex('6742abcd'))).toEqual([]);
  });

  it('is undone by joinAnnexB', () => {
    const nals = [hex('0910'), hex('6742'), hex('65aa')];
    expect(splitAnnexB(joinAnnexB(nals))).toEqual(nals);
  });
});

describe('NAL classification', () => {
  it.each([
    ['h264', '65', 5, true, false],
    ['h264', '41', 1, false, false],
    ['h264', '67', 7, false, true],
    ['h264', '68', 8, false, true],
    ['h265', '2601', 19, true, false],
    ['h265', '2a01', 21, true, false],
    ['h265', '0201', 1, false, false],
    ['h265', '4001', 32, false, true],
    ['h265', '4401', 34, false, true],
  ] as const)('%s %s is type %d', (codec, bytes, type, key, ps) => {
    expect(nalType(codec, hex(bytes))).toBe(type);
    expect(isKeyframeNal(codec, hex(bytes))).toBe(key);
    expect(isParameterSetNal(codec, hex(bytes))).toBe(ps);
  });
});

describe('accessUnitsOf', () => {
  it.each(['h264', 'h265'] as const)('finds 100 pictures in the %s sample, a keyframe every 25', (codec) => {
    const aus = accessUnitsOf(codec, readSample(codec));
    expect(aus).toHaveLength(100);
    expect(aus.flatMap((a, i) => (a.keyframe ? [i] : []))).toEqual([0, 25, 50, 75]);
    expect(aus[0]!.nalus.some((n) => isParameterSetNal(codec, n))).toBe(true);
    expect(aus[1]!.nalus.some((n) => isParameterSetNal(codec, n))).toBe(false);
  });

  it('opens a new unit on an AUD or on a first slice after a slice', () => {
    const es = joinAnnexB([hex('09f0'), hex('6588'), hex('6504'), hex('4188'), hex('0930'), hex('4188')]);
    // slice 6504 has first_mb_in_slice ≠ 0: it belongs to the first picture
    expect(accessUnitsOf('h264', es).map((a) => a.nalus.length)).toEqual([3, 1, 2]);
  });
});
