// fMP4 media segments: moof(mfhd, traf(tfhd, tfdt v1, trun)) + mdat, written into one allocation.
import { TRACK_ID } from './init.js';

export interface Fmp4Sample {
  /** 4-byte length-prefixed NAL units. */
  data: Buffer;
  duration: number;
  keyframe: boolean;
  compositionOffset: number;
}

/** sample_depends_on = 2 (an I picture). */
export const KEY_SAMPLE_FLAGS = 0x02000000;
/** sample_depends_on = 1 and sample_is_non_sync_sample. */
export const DELTA_SAMPLE_FLAGS = 0x01010000;

const TRUN_FLAGS = 0x000f01; // data offset, duration, size, flags, composition offset per sample
const DEFAULT_BASE_IS_MOOF = 0x020000;
const MOOF_FIXED = 8 + 16 + 8 + 16 + 20 + 20; // moof, mfhd, traf, tfhd, tfdt v1, trun without samples

/** What a sample must say about itself; `size` lets callers write the payload themselves. */
export interface SampleHeader {
  size: number;
  duration: number;
  keyframe: boolean;
  compositionOffset: number;
}

function writeBoxHeader(out: Buffer, at: number, size: number, type: string): number {
  out.writeUInt32BE(size, at);
  out.write(type, at + 4, 'latin1');
  return at + 8;
}

/**
 * Writes moof + the mdat header into `out` (sized by moofBytes + 8 + payload) and answers where the mdat
 * payload begins. Split from writeMediaSegment so the live path can copy NAL units straight into place.
 */
export function writeMoof(
  out: Buffer,
  sequenceNumber: number,
  baseDecodeTime: number,
  samples: SampleHeader[],
): number {
  const moofSize = MOOF_FIXED + 16 * samples.length;
  let payload = 0;
  for (const s of samples) payload += s.size;
  const negative = samples.some((s) => s.compositionOffset < 0);
  let at = writeBoxHeader(out, 0, moofSize, 'moof');
  at = writeBoxHeader(out, at, 16, 'mfhd');
  out.writeUInt32BE(0, at);
  out.writeUInt32BE(sequenceNumber >>> 0, at + 4);
  at = writeBoxHeader(out, at + 8, moofSize - 24, 'traf');
  at = writeBoxHeader(out, at, 16, 'tfhd');
  out.writeUInt32BE(DEFAULT_BASE_IS_MOOF, at);
  out.writeUInt32BE(TRACK_ID, at + 4);
  at = writeBoxHeader(out, at + 8, 20, 'tfdt');
  out.writeUInt32BE(0x01000000, at);
  const base = Math.max(0, Math.floor(baseDecodeTime));
  out.writeUInt32BE(Math.floor(base / 2 ** 32), at + 4);
  out.writeUInt32BE(base % 2 ** 32, at + 8);
  at = writeBoxHeader(out, at + 12, 20 + 16 * samples.length, 'trun');
  out.writeUInt32BE(((negative ? 1 : 0) << 24) | TRUN_FLAGS, at);
  out.writeUInt32BE(samples.length, at + 4);
  out.writeInt32BE(moofSize + 8, at + 8);
  at += 12;
  for (const s of samples) {
    out.writeUInt32BE(s.duration >>> 0, at);
    out.writeUInt32BE(s.size, at + 4);
    out.writeUInt32BE(s.keyframe ? KEY_SAMPLE_FLAGS : DELTA_SAMPLE_FLAGS, at + 8);
    if (negative) out.writeInt32BE(s.compositionOffset | 0, at + 12);
    else out.writeUInt32BE(s.compositionOffset >>> 0, at + 12);
    at += 16;
  }
  return writeBoxHeader(out, at, 8 + payload, 'mdat');
}

export function segmentBytes(samples: readonly { size: number }[]): number {
  let payload = 0;
  for (const s of samples) payload += s.size;
  return MOOF_FIXED + 16 * samples.length + 8 + payload;
}

export function writeMediaSegment(sequenceNumber: number, baseDecodeTime: number, samples: Fmp4Sample[]): Buffer {
  const headers = samples.map((s) => ({ ...s, size: s.data.length }));
  const out = Buffer.allocUnsafe(segmentBytes(headers));
  let at = writeMoof(out, sequenceNumber, baseDecodeTime, headers);
  for (const s of samples) at += s.data.copy(out, at);
  return out;
}

/** Converts Annex B NAL units to the 4-byte length-prefixed form of an MP4 sample. */
export function lengthPrefixed(nalus: Buffer[]): Buffer {
  let size = 0;
  for (const n of nalus) size += 4 + n.length;
  const out = Buffer.allocUnsafe(size);
  writeLengthPrefixed(out, 0, nalus);
  return out;
}

export function writeLengthPrefixed(out: Buffer, at: number, nalus: Buffer[]): number {
  for (const n of nalus) {
    out.writeUInt32BE(n.length, at);
    at += 4 + n.copy(out, at + 4);
  }
  return at;
}
