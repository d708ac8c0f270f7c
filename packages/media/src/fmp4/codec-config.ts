// Decoder configuration records: avcC (ISO/IEC 14496-15 5.3.3) and hvcC (8.3.3).
import { parseH264Sps } from '../codec/h264.js';
import type { H265Sps } from '../codec/h265.js';
import { box, u16, u32, u8 } from './box.js';

const AVC_HIGH_PROFILES = new Set([100, 110, 122, 144]);

function withLength(nal: Buffer): Buffer[] {
  return [u16(nal.length), nal];
}

export function avcC(sps: Buffer, pps: Buffer): Buffer {
  const body = [
    u8(1, sps[1] ?? 0, sps[2] ?? 0, sps[3] ?? 0, 0xff, 0xe1),
    ...withLength(sps),
    u8(1),
    ...withLength(pps),
  ];
  const profile = sps[1] ?? 0;
  if (AVC_HIGH_PROFILES.has(profile)) {
    const parsed = parseH264Sps(sps);
    const s = parsed.ok ? parsed.value : undefined;
    body.push(
      u8(
        0xfc | (s?.chromaFormatIdc ?? 1),
        0xf8 | (s?.bitDepthLumaMinus8 ?? 0),
        0xf8 | (s?.bitDepthChromaMinus8 ?? 0),
        0,
      ),
    );
  }
  return box('avcC', ...body);
}

export function hvcC(s: H265Sps, vps: Buffer, sps: Buffer, pps: Buffer): Buffer {
  const temporalLayers = (s.maxSubLayersMinus1 ?? 0) + 1;
  const nested = s.temporalIdNestingFlag ?? 1;
  const arrays = [
    [32, vps],
    [33, sps],
    [34, pps],
  ] as const;
  return box(
    'hvcC',
    u8(1, (s.generalProfileSpace << 6) | (s.generalTierFlag << 5) | s.generalProfileIdc),
    u32(s.generalProfileCompatibilityFlags),
    s.generalConstraintIndicatorFlags,
    u8(s.generalLevelIdc),
    u16(0xf000), // min_spatial_segmentation_idc 0
    u8(0xfc, 0xfc | s.chromaFormatIdc, 0xf8 | s.bitDepthLumaMinus8, 0xf8 | s.bitDepthChromaMinus8),
    u16(0), // avgFrameRate unknown
    u8((temporalLayers << 3) | (nested << 2) | 3), // constantFrameRate 0, lengthSizeMinusOne 3
    u8(arrays.length),
    ...arrays.flatMap(([type, nal]) => [u8(0x80 | type), u16(1), ...withLength(nal)]),
  );
}
