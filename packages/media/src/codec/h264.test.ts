// H.264 SPS parsing: the sample, literal cropping and emulation prevention, and arbitrary bytes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hex, readSample } from '../test-support.js';
import { nalType, splitAnnexB } from './annexb.js';
import { h264CodecString, parseH264Sps } from './h264.js';

const sampleSps = splitAnnexB(readSample('h264')).find((n) => nalType('h264', n) === 7)!;

describe('parseH264Sps', () => {
  it('reads the sample as 640x360 Main at level 3.0 and 25 fps', () => {
    expect(parseH264Sps(sampleSps)).toEqual({
      ok: true,
      value: expect.objectContaining({
        width: 640,
        height: 360,
        profileIdc: 77,
        constraintFlags: 0x40,
        levelIdc: 30,
        fps: 25,
      }),
    });
    expect(h264CodecString(sampleSps)).toBe('avc1.4d401e');
  });

  it('applies frame cropping: 1920x1088 coded, 8 lines cropped, on a Baseline SPS', () => {
    // profile 66, level 40, sps_id 0, log2_max_frame_num-4 = 0, poc type 2, 1 ref frame, no gaps,
    // 120 x 68 macroblocks, frame_mbs_only, direct_8x8, cropping 0 0 0 4, no VUI.
    expect(parseH264Sps(hex('67 42 00 28 da 01 e0 08 9f 95'))).toEqual({
      ok: true,
      value: expect.objectContaining({ width: 1920, height: 1080, profileIdc: 66, levelIdc: 40 }),
    });
  });

  it('removes emulation prevention bytes before reading', () => {
    // The same SPS with poc type 1 and offset_for_non_ref_pic = 16,800,000, whose exp-Golomb code holds
    // 00 00 01 and must travel as 00 00 03 01.
    const escaped = parseH264Sps(hex('67 42 00 28 d0 00 00 03 01 00 59 00 68 07 80 22 7e 54'));
    expect(escaped).toEqual({ ok: true, value: expect.objectContaining({ width: 1920, height: 1080 }) });
    expect(escaped).toEqual(parseH264Sps(hex('67 42 00 28 d0 00 00 01 00 59 00 68 07 80 22 7e 54')));
  });

  it('refuses a non-SPS NAL and a truncated SPS', () => {
    expect(parseH264Sps(hex('68ce3c80')).ok).toBe(false);
    expect(parseH264Sps(sampleSps.subarray(0, 6))).toEqual({ ok: false, error: 'h264: SPS truncated' });
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (a) => {
        parseH264Sps(Buffer.from([0x67, ...a]));
        parseH264Sps(Buffer.from(a));
      }),
      { numRuns: 5000 },
    );
  });
});
