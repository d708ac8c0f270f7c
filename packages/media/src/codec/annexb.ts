// Annex B byte streams: splitting on start codes, NAL unit types, and access-unit grouping.
export type VideoCodec = 'h264' | 'h265';

const START = Buffer.from([0, 0, 1]);

/** NAL units as views of `data`; bytes before the first start code and trailing zero bytes are dropped. */
export function splitAnnexB(data: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let at = data.indexOf(START);
  while (at >= 0) {
    const from = at + 3;
    const next = data.indexOf(START, from);
    let end = next < 0 ? data.length : next;
    while (end > from && data[end - 1] === 0) end--;
    if (end > from) out.push(data.subarray(from, end));
    at = next;
  }
  return out;
}

export function nalType(codec: VideoCodec, nal: Buffer): number {
  if (nal.length === 0) return -1;
  return codec === 'h264' ? nal[0]! & 0x1f : (nal[0]! >> 1) & 0x3f;
}

export function isKeyframeNal(codec: VideoCodec, nal: Buffer): boolean {
  const t = nalType(codec, nal);
  return codec === 'h264' ? t === 5 : t >= 16 && t <= 21;
}

export function isParameterSetNal(codec: VideoCodec, nal: Buffer): boolean {
  const t = nalType(codec, nal);
  return codec === 'h264' ? t === 7 || t === 8 : t >= 32 && t <= 34;
}

export function isAudNal(codec: VideoCodec, nal: Buffer): boolean {
  return nalType(codec, nal) === (codec === 'h264' ? 9 : 35);
}

function isVcl(codec: VideoCodec, t: number): boolean {
  return codec === 'h264' ? t >= 1 && t <= 5 : t >= 0 && t <= 31;
}

/** Non-VCL NAL types that may only come before the first slice of an access unit (H.264 7.4.1.2.3, H.265 7.4.2.4.4). */
function opensAccessUnit(codec: VideoCodec, t: number): boolean {
  if (codec === 'h264') return (t >= 6 && t <= 9) || (t >= 14 && t <= 18);
  return (t >= 32 && t <= 35) || t === 39 || (t >= 41 && t <= 44) || (t >= 48 && t <= 55);
}

/** first_mb_in_slice == 0 (H.264) or first_slice_segment_in_pic_flag (H.265): the slice opens a picture. */
function firstSliceOfPicture(codec: VideoCodec, nal: Buffer): boolean {
  const at = codec === 'h264' ? 1 : 2;
  return nal.length > at && (nal[at]! & 0x80) !== 0;
}

/** Groups an Annex B elementary stream (a whole file) into access units, for the simulator. */
export function accessUnitsOf(codec: VideoCodec, es: Buffer): { nalus: Buffer[]; keyframe: boolean }[] {
  const units: { nalus: Buffer[]; keyframe: boolean }[] = [];
  let current: { nalus: Buffer[]; keyframe: boolean } | undefined;
  let sawSlice = false;
  for (const nal of splitAnnexB(es)) {
    const t = nalType(codec, nal);
    const vcl = isVcl(codec, t);
    const opens = vcl ? firstSliceOfPicture(codec, nal) : opensAccessUnit(codec, t);
    if (!current || (sawSlice && opens)) {
      current = { nalus: [], keyframe: false };
      units.push(current);
      sawSlice = false;
    }
    current.nalus.push(nal);
    if (vcl) sawSlice = true;
    if (isKeyframeNal(codec, nal)) current.keyframe = true;
  }
  return units;
}

/** Joins NAL units with 4-byte start codes. */
export function joinAnnexB(nalus: Buffer[]): Buffer {
  let size = 0;
  for (const n of nalus) size += 4 + n.length;
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const n of nalus) {
    out.writeUInt32BE(1, at);
    at += 4 + n.copy(out, at + 4);
  }
  return out;
}
