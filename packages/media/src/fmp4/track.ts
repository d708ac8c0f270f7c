// A video track description built from parameter sets, with its RFC 6381 codec string.
import { isParameterSetNal, nalType, type VideoCodec } from '../codec/annexb.js';
import { h264CodecString, parseH264Sps } from '../codec/h264.js';
import { h265CodecString, parseH265Sps } from '../codec/h265.js';

export interface VideoTrack {
  codec: VideoCodec;
  codecString: string;
  width: number;
  height: number;
  timescale: 90000;
  sps: Buffer;
  pps: Buffer;
  vps?: Buffer;
}

/** The last SPS/PPS(/VPS) among `nalus` wins, as a decoder would see them; undefined if one is missing or bad. */
export function trackFromParameterSets(codec: VideoCodec, nalus: Buffer[]): VideoTrack | undefined {
  const found = new Map<number, Buffer>();
  for (const n of nalus) if (isParameterSetNal(codec, n)) found.set(nalType(codec, n), n);
  if (codec === 'h264') {
    const sps = found.get(7);
    const pps = found.get(8);
    if (!sps || !pps) return undefined;
    const parsed = parseH264Sps(sps);
    if (!parsed.ok) return undefined;
    const { width, height } = parsed.value;
    return { codec, codecString: h264CodecString(sps), width, height, timescale: 90000, sps, pps };
  }
  const vps = found.get(32);
  const sps = found.get(33);
  const pps = found.get(34);
  if (!vps || !sps || !pps) return undefined;
  const parsed = parseH265Sps(sps);
  if (!parsed.ok) return undefined;
  const { width, height } = parsed.value;
  return { codec, codecString: h265CodecString(parsed.value), width, height, timescale: 90000, sps, pps, vps };
}

export function sameParameterSets(a: VideoTrack, b: VideoTrack): boolean {
  const eq = (x: Buffer | undefined, y: Buffer | undefined): boolean => (x && y ? x.equals(y) : x === y);
  return a.codec === b.codec && eq(a.sps, b.sps) && eq(a.pps, b.pps) && eq(a.vps, b.vps);
}
