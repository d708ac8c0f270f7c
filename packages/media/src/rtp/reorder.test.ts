// Reordering across the 16-bit wrap, duplicates, and loss declared past the window.
import { describe, expect, it } from 'vitest';
import type { RtpPacket } from './packet.js';
import { RtpReorderer, seqDelta } from './reorder.js';

const pkt = (sequence: number): RtpPacket => ({
  marker: false,
  payloadType: 96,
  sequence,
  timestamp: 0,
  ssrc: 1,
  payload: Buffer.alloc(0),
});
const seqs = (ps: RtpPacket[]): number[] => ps.map((p) => p.sequence);

function feed(r: RtpReorderer, list: number[]): number[] {
  return list.flatMap((s) => seqs(r.push(pkt(s))));
}

describe('RtpReorderer', () => {
  it('puts swapped packets back in order across the 2^16 wrap', () => {
    const r = new RtpReorderer();
    expect(feed(r, [65534, 0, 65535, 2, 1, 3])).toEqual([65534, 65535, 0, 1, 2, 3]);
    expect(r.lost).toBe(0);
  });

  it('drops duplicates and packets already passed', () => {
    const r = new RtpReorderer();
    expect(feed(r, [10, 11, 11, 10, 13, 13, 12])).toEqual([10, 11, 12, 13]);
    expect(r.dropped).toBe(3);
  });

  it('declares a gap lost once the window is exceeded and counts every missing number', () => {
    const r = new RtpReorderer({ window: 4 });
    // Held packets never span the window: each arrival that would stretch it gives up the oldest hole.
    expect(feed(r, [65533, 1, 2, 3])).toEqual([65533]);
    expect(r.lost).toBe(2); // 65534, 65535
    expect(seqs(r.push(pkt(4)))).toEqual([1, 2, 3, 4]);
    expect(r.lost).toBe(3); // and 0
    expect(seqs(r.push(pkt(0)))).toEqual([]);
    expect(r.dropped).toBe(1);
  });

  it('flush releases everything held, counting the holes', () => {
    const r = new RtpReorderer();
    feed(r, [100, 102, 105]);
    expect(seqs(r.flush())).toEqual([102, 105]);
    expect(r.lost).toBe(3);
    expect(seqs(r.push(pkt(106)))).toEqual([106]);
  });

  it('restarts on a far jump instead of waiting', () => {
    const r = new RtpReorderer();
    expect(feed(r, [1, 2, 40000, 40001])).toEqual([1, 2, 40000, 40001]);
  });

  it('measures signed distance in sequence space', () => {
    expect(seqDelta(65535, 0)).toBe(1);
    expect(seqDelta(0, 65535)).toBe(-1);
    expect(seqDelta(100, 50)).toBe(-50);
  });
});
