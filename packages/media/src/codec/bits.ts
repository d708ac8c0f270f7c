// Reading RBSP bit fields: emulation-prevention removal and an exp-Golomb bit reader.

const EPB = Buffer.from([0, 0, 3]);

/** Drops the 0x03 of every 00 00 03 sequence; answers the input itself when there is none. */
export function unescapeRbsp(nal: Buffer): Buffer {
  let at = nal.indexOf(EPB);
  if (at < 0) return nal;
  const out = Buffer.allocUnsafe(nal.length);
  let written = 0;
  let from = 0;
  while (at >= 0) {
    written += nal.copy(out, written, from, at + 2);
    from = at + 3;
    at = nal.indexOf(EPB, from);
  }
  written += nal.copy(out, written, from);
  return out.subarray(0, written);
}

/** Thrown only inside this module's callers' try blocks, which turn it into a ParseResult. */
export class BitsExhausted extends Error {
  constructor() {
    super('bitstream ended early');
  }
}

export class BitReader {
  private pos = 0;

  constructor(private readonly buf: Buffer) {}

  get bitsLeft(): number {
    return this.buf.length * 8 - this.pos;
  }

  bit(): number {
    if (this.pos >= this.buf.length * 8) throw new BitsExhausted();
    const v = (this.buf[this.pos >> 3]! >> (7 - (this.pos & 7))) & 1;
    this.pos++;
    return v;
  }

  /** Up to 32 bits, unsigned. */
  bits(n: number): number {
    let v = 0;
    for (let k = 0; k < n; k++) v = v * 2 + this.bit();
    return v;
  }

  skip(n: number): void {
    if (this.pos + n > this.buf.length * 8) throw new BitsExhausted();
    this.pos += n;
  }

  ue(): number {
    let zeros = 0;
    while (this.bit() === 0) {
      // 32 leading zeros would not fit any field of a parameter set.
      if (++zeros > 31) throw new BitsExhausted();
    }
    return 2 ** zeros - 1 + this.bits(zeros);
  }

  se(): number {
    const k = this.ue();
    return k & 1 ? (k + 1) / 2 : -(k / 2);
  }
}
