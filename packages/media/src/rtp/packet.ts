// RTP fixed header (RFC 3550 §5.1): parsing with padding, CSRCs and header extension; writing the plain form.
import { fail, ok, type ParseResult } from '../result.js';

export interface RtpPacket {
  marker: boolean;
  payloadType: number;
  sequence: number;
  timestamp: number;
  ssrc: number;
  /** A view into the parsed buffer, not a copy. */
  payload: Buffer;
}

export const RTP_HEADER_BYTES = 12;

export function parseRtp(buf: Buffer): ParseResult<RtpPacket> {
  if (buf.length < RTP_HEADER_BYTES) return fail('rtp: shorter than the fixed header');
  const b0 = buf[0]!;
  if (b0 >> 6 !== 2) return fail('rtp: version is not 2');
  let start = RTP_HEADER_BYTES + (b0 & 0x0f) * 4;
  if (b0 & 0x10) {
    if (buf.length < start + 4) return fail('rtp: header extension truncated');
    start += 4 + buf.readUInt16BE(start + 2) * 4;
  }
  let end = buf.length;
  if (b0 & 0x20) {
    const pad = buf[end - 1]!;
    if (pad === 0) return fail('rtp: padding count of zero');
    end -= pad;
  }
  if (start > end) return fail('rtp: header, extension or padding longer than the packet');
  const b1 = buf[1]!;
  return ok({
    marker: (b1 & 0x80) !== 0,
    payloadType: b1 & 0x7f,
    sequence: buf.readUInt16BE(2),
    timestamp: buf.readUInt32BE(4),
    ssrc: buf.readUInt32BE(8),
    payload: buf.subarray(start, end),
  });
}

/** Writes the 12-byte header into `out` at `at`; values are masked to their field widths. */
export function writeRtpHeader(out: Buffer, at: number, p: Omit<RtpPacket, 'payload'>): void {
  out[at] = 0x80;
  out[at + 1] = (p.marker ? 0x80 : 0) | (p.payloadType & 0x7f);
  out.writeUInt16BE(p.sequence & 0xffff, at + 2);
  out.writeUInt32BE(p.timestamp >>> 0, at + 4);
  out.writeUInt32BE(p.ssrc >>> 0, at + 8);
}

export function writeRtp(p: RtpPacket): Buffer {
  const out = Buffer.allocUnsafe(RTP_HEADER_BYTES + p.payload.length);
  writeRtpHeader(out, 0, p);
  p.payload.copy(out, RTP_HEADER_BYTES);
  return out;
}
