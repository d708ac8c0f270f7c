// 33-bit PES timestamps: the 5-byte field coding (ISO/IEC 13818-1 2.4.3.7) and unwrapping past 2^33.
export const PTS_WRAP = 2 ** 33;
const TWO_30 = 2 ** 30;

/** Writes a PTS/DTS field with the given 4-bit prefix (0b0010 PTS only, 0b0011 PTS of a pair, 0b0001 DTS). */
export function writeTimestamp(out: Buffer, at: number, prefix: number, value: number): void {
  const v = ((value % PTS_WRAP) + PTS_WRAP) % PTS_WRAP;
  const hi = Math.floor(v / TWO_30);
  const lo = v % TWO_30;
  out[at] = (prefix << 4) | (hi << 1) | 1;
  out[at + 1] = (lo >>> 22) & 0xff;
  out[at + 2] = ((lo >>> 14) & 0xfe) | 1;
  out[at + 3] = (lo >>> 7) & 0xff;
  out[at + 4] = ((lo << 1) & 0xfe) | 1;
}

export function readTimestamp(b: Buffer, at: number): number {
  const hi = (b[at]! >> 1) & 7;
  const lo = (b[at + 1]! << 22) | ((b[at + 2]! >> 1) << 15) | (b[at + 3]! << 7) | (b[at + 4]! >> 1);
  return hi * TWO_30 + lo;
}

/** Keeps a running unwrapped value: each raw value is placed nearest the previous one, modulo `wrap`. */
export class Unwrapper {
  private last: number | undefined;

  constructor(private readonly wrap: number) {}

  unwrap(raw: number): number {
    if (this.last === undefined) {
      this.last = raw;
      return raw;
    }
    const half = this.wrap / 2;
    let d = (raw - this.last) % this.wrap;
    if (d < 0) d += this.wrap;
    if (d >= half) d -= this.wrap;
    this.last += d;
    return this.last;
  }
}
