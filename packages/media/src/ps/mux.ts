// MPEG-2 Program Stream packing (ISO/IEC 13818-1 2.5): one pack per access unit, for the device simulator.
import { STREAM_TYPE } from './stream-types.js';
import { writeTimestamp } from './timestamps.js';

const PES_MAX_LENGTH = 0xffff;
const TWO_30 = 2 ** 30;
const VIDEO_STREAM_ID = 0xe0;
const AUDIO_STREAM_ID = 0xc0;
/** 50 bytes/s units; 20 Mbit/s is above anything a camera sends, so decoders never stall on it. */
const MUX_RATE = 50_000;

export interface PsFrameInput {
  streamType: number;
  pts: number;
  dts?: number;
  keyframe: boolean;
  /** Annex B for video. */
  data: Buffer;
  /** Stream types the PSM declares on keyframes; defaults to this frame's type alone. */
  psmStreamTypes?: number[];
}

export function isAudioStreamType(t: number): boolean {
  return t === STREAM_TYPE.G711A || t === STREAM_TYPE.G711U || t === STREAM_TYPE.AAC || t === 0x03 || t === 0x04;
}

function streamIdOf(streamType: number): number {
  return isAudioStreamType(streamType) ? AUDIO_STREAM_ID : VIDEO_STREAM_ID;
}

function packHeader(scr: number): Buffer {
  const b = Buffer.alloc(14);
  b.writeUInt32BE(0x000001ba, 0);
  const v = Math.max(0, scr) % 2 ** 33;
  const hi = Math.floor(v / TWO_30);
  const lo = v % TWO_30;
  b[4] = 0x40 | (hi << 3) | 0x04 | ((lo >>> 28) & 0x03);
  b[5] = (lo >>> 20) & 0xff;
  b[6] = (((lo >>> 15) & 0x1f) << 3) | 0x04 | ((lo >>> 13) & 0x03);
  b[7] = (lo >>> 5) & 0xff;
  b[8] = ((lo & 0x1f) << 3) | 0x04; // SCR extension 0
  b[9] = 0x01;
  b[10] = (MUX_RATE >>> 14) & 0xff;
  b[11] = (MUX_RATE >>> 6) & 0xff;
  b[12] = ((MUX_RATE << 2) & 0xfc) | 0x03;
  b[13] = 0xf8; // no stuffing
  return b;
}

function systemHeader(streamIds: number[]): Buffer {
  const b = Buffer.alloc(12 + 3 * streamIds.length);
  b.writeUInt32BE(0x000001bb, 0);
  b.writeUInt16BE(b.length - 6, 4);
  b[6] = 0x80 | ((MUX_RATE >>> 15) & 0x7f);
  b[7] = (MUX_RATE >>> 7) & 0xff;
  b[8] = ((MUX_RATE << 1) & 0xfe) | 1;
  const audio = streamIds.filter((id) => id === AUDIO_STREAM_ID).length;
  b[9] = (audio << 2) | 0x00; // audio_bound, fixed 0, CSPS 0
  b[10] = 0xe0 | streamIds.filter((id) => id === VIDEO_STREAM_ID).length; // lock flags, marker, video_bound
  b[11] = 0x7f; // packet_rate_restriction 0, reserved
  streamIds.forEach((id, k) => {
    const at = 12 + 3 * k;
    const video = id === VIDEO_STREAM_ID;
    b[at] = id;
    // P-STD buffer: video 1024-byte units × 232 (≈ 237 kB), audio 128-byte units × 32.
    b.writeUInt16BE(0xc000 | (video ? 0x2000 : 0) | (video ? 232 : 32), at + 1);
  });
  return b;
}

function psm(streamTypes: number[]): Buffer {
  const entries = streamTypes.length * 4;
  const b = Buffer.alloc(6 + 6 + entries + 4);
  b.writeUInt32BE(0x000001bc, 0);
  b.writeUInt16BE(b.length - 6, 4);
  b[6] = 0xe0; // current_next_indicator, version 0
  b[7] = 0xff;
  b.writeUInt16BE(0, 8); // program_stream_info_length
  b.writeUInt16BE(entries, 10);
  streamTypes.forEach((t, k) => {
    const at = 12 + 4 * k;
    b[at] = t;
    b[at + 1] = streamIdOf(t);
    b.writeUInt16BE(0, at + 2);
  });
  b.writeUInt32BE(crc32Mpeg(b.subarray(0, b.length - 4)), b.length - 4);
  return b;
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i << 24;
    for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
    t[i] = c >>> 0;
  }
  return t;
})();

export function crc32Mpeg(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc >>> 0;
}

/** PES headers and payload slices of one frame, written straight into `out`. */
function writePes(out: Buffer, at: number, streamId: number, f: PsFrameInput): number {
  const withDts = f.dts !== undefined && f.dts !== f.pts;
  let from = 0;
  let first = true;
  while (from < f.data.length || first) {
    const hdrData = first ? (withDts ? 10 : 5) : 0;
    const room = PES_MAX_LENGTH - 3 - hdrData;
    const n = Math.min(room, f.data.length - from);
    out.writeUInt32BE(0x00000100 | streamId, at);
    out.writeUInt16BE(3 + hdrData + n, at + 4);
    out[at + 6] = 0x80 | (first ? 0x04 : 0); // data_alignment_indicator on the frame start
    out[at + 7] = first ? (withDts ? 0xc0 : 0x80) : 0;
    out[at + 8] = hdrData;
    if (first) {
      writeTimestamp(out, at + 9, withDts ? 3 : 2, f.pts);
      if (withDts) writeTimestamp(out, at + 14, 1, f.dts!);
    }
    at += 9 + hdrData;
    at += f.data.copy(out, at, from, from + n);
    from += n;
    first = false;
  }
  return at;
}

function pesBytes(f: PsFrameInput): number {
  const withDts = f.dts !== undefined && f.dts !== f.pts;
  const firstRoom = PES_MAX_LENGTH - 3 - (withDts ? 10 : 5);
  const rest = Math.max(0, f.data.length - firstRoom);
  const more = Math.ceil(rest / (PES_MAX_LENGTH - 3));
  return 9 + (withDts ? 10 : 5) + more * 9 + f.data.length;
}

/** One PS pack for one access unit: pack header; on keyframes also system header and PSM; then PES packets. */
export function muxPsFrame(f: PsFrameInput): Buffer {
  const streamId = streamIdOf(f.streamType);
  const heads = [packHeader(f.dts ?? f.pts)];
  if (f.keyframe) {
    const types = f.psmStreamTypes ?? [f.streamType];
    heads.push(systemHeader([...new Set(types.map(streamIdOf))]), psm(types));
  }
  let headBytes = 0;
  for (const h of heads) headBytes += h.length;
  const out = Buffer.allocUnsafe(headBytes + pesBytes(f));
  let at = 0;
  for (const h of heads) at += h.copy(out, at);
  at = writePes(out, at, streamId, f);
  return out.subarray(0, at);
}
