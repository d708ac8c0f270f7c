// H.265 sequence parameter set (ITU-T H.265 7.3.2.2): profile_tier_level, picture size after the conformance window.
import { fail, ok, type ParseResult } from '../result.js';
import { BitReader, BitsExhausted, unescapeRbsp } from './bits.js';

export interface H265Sps {
  width: number;
  height: number;
  generalProfileSpace: number;
  generalTierFlag: number;
  generalProfileIdc: number;
  generalProfileCompatibilityFlags: number;
  /** 6 bytes. */
  generalConstraintIndicatorFlags: Buffer;
  generalLevelIdc: number;
  chromaFormatIdc: number;
  bitDepthLumaMinus8: number;
  bitDepthChromaMinus8: number;
  maxSubLayersMinus1?: number;
  temporalIdNestingFlag?: number;
}

const MAX_DIMENSION = 16384;

export function parseH265Sps(nal: Buffer): ParseResult<H265Sps> {
  if (nal.length < 4 || ((nal[0]! >> 1) & 0x3f) !== 33) return fail('h265: not an SPS NAL unit');
  try {
    return readSps(new BitReader(unescapeRbsp(nal.subarray(2))));
  } catch (e) {
    if (e instanceof BitsExhausted) return fail('h265: SPS truncated');
    throw e;
  }
}

function readSps(r: BitReader): ParseResult<H265Sps> {
  r.skip(4); // sps_video_parameter_set_id
  const maxSubLayersMinus1 = r.bits(3);
  const temporalIdNestingFlag = r.bit();
  const generalProfileSpace = r.bits(2);
  const generalTierFlag = r.bit();
  const generalProfileIdc = r.bits(5);
  const generalProfileCompatibilityFlags = r.bits(32);
  const constraint = Buffer.alloc(6);
  for (let i = 0; i < 6; i++) constraint[i] = r.bits(8);
  const generalLevelIdc = r.bits(8);
  skipSubLayers(r, maxSubLayersMinus1);
  r.ue(); // sps_seq_parameter_set_id
  const chromaFormatIdc = r.ue();
  if (chromaFormatIdc > 3) return fail('h265: bad chroma_format_idc');
  const separateColourPlane = chromaFormatIdc === 3 ? r.bit() : 0;
  const picWidth = r.ue();
  const picHeight = r.ue();
  const window = r.bit() ? [r.ue(), r.ue(), r.ue(), r.ue()] : [0, 0, 0, 0];
  const chromaArrayType = separateColourPlane ? 0 : chromaFormatIdc;
  const subWidth = chromaArrayType === 1 || chromaArrayType === 2 ? 2 : 1;
  const subHeight = chromaArrayType === 1 ? 2 : 1;
  const width = picWidth - subWidth * (window[0]! + window[1]!);
  const height = picHeight - subHeight * (window[2]! + window[3]!);
  if (width <= 0 || height <= 0 || width > MAX_DIMENSION || height > MAX_DIMENSION) {
    return fail('h265: picture size out of range');
  }
  const bitDepthLumaMinus8 = r.ue();
  const bitDepthChromaMinus8 = r.ue();
  return ok({
    width,
    height,
    generalProfileSpace,
    generalTierFlag,
    generalProfileIdc,
    generalProfileCompatibilityFlags,
    generalConstraintIndicatorFlags: constraint,
    generalLevelIdc,
    chromaFormatIdc,
    bitDepthLumaMinus8,
    bitDepthChromaMinus8,
    maxSubLayersMinus1,
    temporalIdNestingFlag,
  });
}

function skipSubLayers(r: BitReader, maxSubLayersMinus1: number): void {
  const profilePresent: number[] = [];
  const levelPresent: number[] = [];
  for (let i = 0; i < maxSubLayersMinus1; i++) {
    profilePresent.push(r.bit());
    levelPresent.push(r.bit());
  }
  if (maxSubLayersMinus1 > 0) r.skip(2 * (8 - maxSubLayersMinus1));
  for (let i = 0; i < maxSubLayersMinus1; i++) {
    if (profilePresent[i]) r.skip(88);
    if (levelPresent[i]) r.skip(8);
  }
}

function reverseBits32(v: number): number {
  let out = 0;
  for (let i = 0; i < 32; i++) out = out * 2 + ((v >>> i) & 1);
  return out;
}

/** hvc1.<space><idc>.<compat reversed>.<L|H><level>[.<constraint byte>…] (ISO/IEC 14496-15 E.3). */
export function h265CodecString(sps: H265Sps): string {
  const space = ['', 'A', 'B', 'C'][sps.generalProfileSpace] ?? '';
  const compat = reverseBits32(sps.generalProfileCompatibilityFlags).toString(16).toUpperCase();
  const tier = sps.generalTierFlag ? 'H' : 'L';
  const bytes = [...sps.generalConstraintIndicatorFlags];
  while (bytes.length > 0 && bytes[bytes.length - 1] === 0) bytes.pop();
  const constraints = bytes.map((b) => '.' + b.toString(16).toUpperCase().padStart(2, '0')).join('');
  return `hvc1.${space}${sps.generalProfileIdc}.${compat}.${tier}${sps.generalLevelIdc}${constraints}`;
}
