// Splits one PS frame into RTP packets for the sender side (the device simulator).
import { RTP_HEADER_BYTES, writeRtpHeader } from './packet.js';

export const PS_PAYLOAD_TYPE = 96;

/** All packets share one allocation; each answer element is a view of it. */
export function packetizePs(
  ps: Buffer,
  o: { ssrc: number; sequence: number; timestamp: number; mtu?: number },
): { packets: Buffer[]; nextSequence: number } {
  const chunk = Math.max(1, (o.mtu ?? 1400) - RTP_HEADER_BYTES);
  const count = Math.max(1, Math.ceil(ps.length / chunk));
  const all = Buffer.allocUnsafe(count * RTP_HEADER_BYTES + ps.length);
  const packets: Buffer[] = [];
  let at = 0;
  let seq = o.sequence & 0xffff;
  for (let k = 0; k < count; k++) {
    const from = k * chunk;
    const to = Math.min(ps.length, from + chunk);
    const header = {
      marker: k === count - 1,
      payloadType: PS_PAYLOAD_TYPE,
      sequence: seq,
      timestamp: o.timestamp,
      ssrc: o.ssrc,
    };
    writeRtpHeader(all, at, header);
    ps.copy(all, at + RTP_HEADER_BYTES, from, to);
    const size = RTP_HEADER_BYTES + to - from;
    packets.push(all.subarray(at, at + size));
    at += size;
    seq = (seq + 1) & 0xffff;
  }
  return { packets, nextSequence: seq };
}
