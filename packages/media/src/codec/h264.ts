// H.264 sequence parameter set (ITU-T H.264 7.3.2.1.1): picture size after cropping, profile, level, frame rate.
import { fail, ok, type ParseResult } from '../result.js';
import { BitReader, BitsExhausted, unescapeRbsp } from './bits.js';

export interface H264Sps {
  width: number;
  height: number;
  profileIdc: number;
  constraintFlags: number;
  levelIdc: number;
  fps?: number;
  chromaFormatIdc?: number;
  bitDepthLumaMinus8?: number;
  bitDepthChromaMinus8?: number;
}

const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);
const MAX_DIMENSION = 16384;

export function parseH264Sps(nal: Buffer): ParseResult<H264Sps> {
  if (nal.length < 4 || (nal[0]! & 0x1f) !== 7) return fail('h264: not an SPS NAL unit');
  try {
    return readSps(new BitReader(unescapeRbsp(nal.subarray(1))));
  } catch (e) {
    if (e instanceof BitsExhausted) return fail('h264: SPS truncated');
    throw e;
  }
}

function readSps(r: BitReader): ParseResult<H264Sps> {
  const profileIdc = r.bits(8);
  const constraintFlags = r.bits(8);
  const levelIdc = r.bits(8);
  r.ue(); // seq_parameter_set_id
  let chromaFormatIdc = 1;
  let separateColourPlane = 0;
  let bitDepthLumaMinus8 = 0;
  let bitDepthChromaMinus8 = 0;
  if (HIGH_PROFILES.has(profileIdc)) {
    chromaFormatIdc = r.ue();
    if (chromaFormatIdc > 3) return fail('h264: bad chroma_format_idc');
    if (chromaFormatIdc === 3) separateColourPlane = r.bit();
    bitDepthLumaMinus8 = r.ue();
    bitDepthChromaMinus8 = r.ue();
    r.skip(1); // qpprime_y_zero_transform_bypass_flag
    if (r.bit()) skipScalingMatrix(r, chromaFormatIdc === 3 ? 12 : 8);
  }
  r.ue(); // log2_max_frame_num_minus4
  skipPicOrderCnt(r);
  r.ue(); // max_num_ref_frames
  r.skip(1); // gaps_in_frame_num_value_allowed_flag
  const widthMbs = r.ue() + 1;
  const heightMapUnits = r.ue() + 1;
  const frameMbsOnly = r.bit();
  if (!frameMbsOnly) r.skip(1); // mb_adaptive_frame_field_flag
  r.skip(1); // direct_8x8_inference_flag
  const crop = r.bit() ? [r.ue(), r.ue(), r.ue(), r.ue()] : [0, 0, 0, 0];
  const chromaArrayType = separateColourPlane ? 0 : chromaFormatIdc;
  const cropX = chromaArrayType === 0 || chromaArrayType === 3 ? 1 : 2;
  const cropY = (chromaArrayType === 1 ? 2 : 1) * (2 - frameMbsOnly);
  const width = widthMbs * 16 - cropX * (crop[0]! + crop[1]!);
  const height = (2 - frameMbsOnly) * heightMapUnits * 16 - cropY * (crop[2]! + crop[3]!);
  if (width <= 0 || height <= 0 || width > MAX_DIMENSION || height > MAX_DIMENSION) {
    return fail('h264: picture size out of range');
  }
  const fps = r.bit() ? readVuiFps(r) : undefined;
  const sps: H264Sps = { width, height, profileIdc, constraintFlags, levelIdc };
  if (fps !== undefined) sps.fps = fps;
  return ok({ ...sps, chromaFormatIdc, bitDepthLumaMinus8, bitDepthChromaMinus8 });
}

function skipScalingMatrix(r: BitReader, lists: number): void {
  for (let i = 0; i < lists; i++) {
    if (!r.bit()) continue;
    const size = i < 6 ? 16 : 64;
    let last = 8;
    let next = 8;
    for (let j = 0; j < size && next !== 0; j++) {
      next = (last + r.se() + 256) % 256;
      if (next !== 0) last = next;
    }
  }
}

function skipPicOrderCnt(r: BitReader): void {
  const type = r.ue();
  if (type === 0) {
    r.ue(); // log2_max_pic_order_cnt_lsb_minus4
  } else if (type === 1) {
    r.skip(1);
    r.se();
    r.se();
    const cycle = r.ue();
    if (cycle > 255) throw new BitsExhausted();
    for (let i = 0; i < cycle; i++) r.se();
  }
}

/** Reads the VUI up to timing_info; answers frames per second when the stream declares it. */
function readVuiFps(r: BitReader): number | undefined {
  if (r.bit() && r.bits(8) === 255) r.skip(32); // aspect_ratio_idc, Extended_SAR
  if (r.bit()) r.skip(1); // overscan
  if (r.bit()) {
    r.skip(4); // video_format, video_full_range_flag
    if (r.bit()) r.skip(24); // colour description
  }
  if (r.bit()) {
    r.ue();
    r.ue();
  }
  if (!r.bit()) return undefined;
  const unitsInTick = r.bits(32);
  const timeScale = r.bits(32);
  if (unitsInTick === 0 || timeScale === 0) return undefined;
  return timeScale / (2 * unitsInTick);
}

/** avc1.PPCCLL: profile, constraint flags and level bytes straight from the SPS. */
export function h264CodecString(sps: Buffer): string {
  const hex = (b: number | undefined): string => (b ?? 0).toString(16).padStart(2, '0');
  return `avc1.${hex(sps[1])}${hex(sps[2])}${hex(sps[3])}`;
}
