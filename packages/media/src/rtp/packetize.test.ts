// Packetizing a PS frame: sizes under the MTU, marker on the last, sequence wrap.
import { describe, expect, it } from 'vitest';
import { parseRtp } from './packet.js';
import { packetizePs } from './packetize.js';

describe('packetizePs', () => {
  it('splits at the MTU, marks the last packet and wraps the sequence', () => {
    const ps = Buffer.from(Array.from({ length: 2500 }, (_, k) => k & 0xff));
    const { packets, nextSequence } = packetizePs(ps, { ssrc: 5, sequence: 65534, timestamp: 4242, mtu: 1000 });
    expect(packets.map((p) => p.length)).toEqual([1000, 1000, 536]);
    const parsed = packets.map((p) => parseRtp(p)).map((r) => (r.ok ? r.value : undefined));
    expect(parsed.map((p) => p?.sequence)).toEqual([65534, 65535, 0]);
    expect(parsed.map((p) => p?.marker)).toEqual([false, false, true]);
    expect(parsed.every((p) => p?.payloadType === 96 && p.timestamp === 4242 && p.ssrc === 5)).toBe(true);
    expect(Buffer.concat(parsed.map((p) => p!.payload))).toEqual(ps);
    expect(nextSequence).toBe(1);
  });

  it('sends one marked packet for a small frame', () => {
    const { packets } = packetizePs(Buffer.from('ps'), { ssrc: 1, sequence: 0, timestamp: 0 });
    expect(packets).toHaveLength(1);
    expect(packets[0]![1]).toBe(0xe0);
  });
});
