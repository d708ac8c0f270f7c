// ISO BMFF box assembly for the rarely built boxes (init segments); media segments are written in place.
export function box(type: string, ...body: Buffer[]): Buffer {
  let size = 8;
  for (const b of body) size += b.length;
  const head = Buffer.allocUnsafe(8);
  head.writeUInt32BE(size, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, ...body], size);
}

export function fullBox(type: string, version: number, flags: number, ...body: Buffer[]): Buffer {
  const vf = Buffer.allocUnsafe(4);
  vf.writeUInt32BE(((version & 0xff) << 24) | (flags & 0xffffff), 0);
  return box(type, vf, ...body);
}

export function u8(...values: number[]): Buffer {
  return Buffer.from(values.map((v) => v & 0xff));
}

export function u16(...values: number[]): Buffer {
  const b = Buffer.allocUnsafe(2 * values.length);
  values.forEach((v, k) => b.writeUInt16BE(v & 0xffff, 2 * k));
  return b;
}

export function u32(...values: number[]): Buffer {
  const b = Buffer.allocUnsafe(4 * values.length);
  values.forEach((v, k) => b.writeUInt32BE(v >>> 0, 4 * k));
  return b;
}

export function zeros(n: number): Buffer {
  return Buffer.alloc(n);
}

/** The identity transformation matrix of mvhd and tkhd. */
export const UNITY_MATRIX = u32(0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000);
