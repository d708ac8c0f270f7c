// H.265 SPS parsing: the sample's profile_tier_level and size, the codec string, and arbitrary bytes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSample } from '../test-support.js';
import { nalType, splitAnnexB } from './annexb.js';
import { h265CodecString, parseH265Sps, type H265Sps } from './h265.js';

const sampleSps = splitAnnexB(readSample('h265')).find((n) => nalType('h265', n) === 33)!;

describe('parseH265Sps', () => {
  it('reads the sample as Main, Main tier, level 2.1, 640x360 after the conformance window', () => {
    const r = parseH265Sps(sampleSps);
    expect(r.ok).toBe(true);
    const s = (r as { value: H265Sps }).value;
    expect(s).toMatchObject({
      width: 640,
      height: 360,
      generalProfileSpace: 0,
      generalTierFlag: 0,
      generalProfileIdc: 1,
      generalProfileCompatibilityFlags: 0x60000000,
      generalLevelIdc: 63,
      chromaFormatIdc: 1,
      bitDepthLumaMinus8: 0,
      bitDepthChromaMinus8: 0,
    });
    expect(s.generalConstraintIndicatorFlags).toEqual(Buffer.from([0x90, 0, 0, 0, 0, 0]));
    expect(h265CodecString(s)).toBe('hvc1.1.6.L63.90');
  });

  it('writes the codec string fields as ISO/IEC 14496-15 E.3 asks', () => {
    const s: H265Sps = {
      width: 1,
      height: 1,
      generalProfileSpace: 1,
      generalTierFlag: 1,
      generalProfileIdc: 2,
      generalProfileCompatibilityFlags: 0x20000000,
      generalConstraintIndicatorFlags: Buffer.from([0xb0, 0, 0x08, 0, 0, 0]),
      generalLevelIdc: 120,
      chromaFormatIdc: 1,
      bitDepthLumaMinus8: 2,
      bitDepthChromaMinus8: 2,
    };
    expect(h265CodecString(s)).toBe('hvc1.A2.4.H120.B0.00.08');
  });

  it('refuses a VPS and a truncated SPS', () => {
    expect(parseH265Sps(Buffer.from([0x40, 0x01, 0x0c, 0x01])).ok).toBe(false);
    expect(parseH265Sps(sampleSps.subarray(0, 10)).ok).toBe(false);
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (a) => {
        parseH265Sps(Buffer.from([0x42, 0x01, ...a]));
        parseH265Sps(Buffer.from(a));
      }),
      { numRuns: 5000 },
    );
  });
});
