// RTP over TCP (RFC 4571): a 2-byte big-endian length before each packet; deframing of arbitrary chunks.
const MAX_RFC4571 = 0xffff;

export function frameRfc4571(packet: Buffer): Buffer {
  const len = Math.min(packet.length, MAX_RFC4571);
  const out = Buffer.allocUnsafe(2 + len);
  out.writeUInt16BE(len, 0);
  packet.copy(out, 2, 0, len);
  return out;
}

/**
 * Chunks are kept as views until a packet is complete, then joined once, so a packet split into many
 * small chunks costs one copy, not one per chunk. Packets longer than `maxPacket` are skipped without
 * being buffered and counted in `dropped`.
 */
export class Rfc4571Deframer {
  private parts: Buffer[] = [];
  private partsBytes = 0;
  private skipBytes = 0;
  private droppedCount = 0;

  constructor(private readonly maxPacket = MAX_RFC4571) {}

  get buffered(): number {
    return this.partsBytes;
  }

  /** Packets longer than the cap, skipped. */
  get dropped(): number {
    return this.droppedCount;
  }

  push(chunk: Buffer): Buffer[] {
    const out: Buffer[] = [];
    let data = chunk;
    if (this.skipBytes > 0) {
      const n = Math.min(this.skipBytes, data.length);
      this.skipBytes -= n;
      data = data.subarray(n);
    }
    if (data.length === 0) return out;
    if (this.partsBytes > 0) {
      this.parts.push(data);
      this.partsBytes += data.length;
      if (!this.pendingComplete()) return out;
      data = Buffer.concat(this.parts, this.partsBytes);
      this.parts = [];
      this.partsBytes = 0;
    }
    this.consume(data, out);
    return out;
  }

  private pendingComplete(): boolean {
    if (this.partsBytes < 2) return false;
    const first = this.parts[0]!;
    const hi = first[0]!;
    const lo = first.length > 1 ? first[1]! : this.parts[1]![0]!;
    const len = (hi << 8) | lo;
    // An oversized packet is resolved by consume() as soon as its length is known.
    return len > this.maxPacket || this.partsBytes >= 2 + len;
  }

  private consume(data: Buffer, out: Buffer[]): void {
    let i = 0;
    while (data.length - i >= 2) {
      const len = data.readUInt16BE(i);
      if (len > this.maxPacket) {
        this.droppedCount++;
        const have = data.length - i - 2;
        if (have < len) {
          this.skipBytes = len - have;
          return;
        }
        i += 2 + len;
        continue;
      }
      if (data.length - i - 2 < len) break;
      if (len > 0) out.push(data.subarray(i + 2, i + 2 + len));
      i += 2 + len;
    }
    if (i < data.length) {
      this.parts = [data.subarray(i)];
      this.partsBytes = data.length - i;
    }
  }
}
