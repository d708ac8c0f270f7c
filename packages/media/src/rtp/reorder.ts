// Puts RTP packets back in sequence order across the 2^16 wrap, within a bounded window.
import type { RtpPacket } from './packet.js';

/** A jump this far (either way) is a restarted sender, not reordering: start again from it. */
const RESTART_DISTANCE = 3000;

/** Signed distance from `from` to `to` in 16-bit sequence space. */
export function seqDelta(from: number, to: number): number {
  return ((((to - from) & 0xffff) + 0x8000) & 0xffff) - 0x8000;
}

export class RtpReorderer {
  private readonly window: number;
  private readonly held = new Map<number, RtpPacket>();
  private expected: number | undefined;
  private lostCount = 0;
  private droppedCount = 0;

  constructor(opts: { window?: number } = {}) {
    this.window = Math.max(1, opts.window ?? 32);
  }

  get lost(): number {
    return this.lostCount;
  }

  /** Duplicates and packets older than what was already delivered. */
  get dropped(): number {
    return this.droppedCount;
  }

  push(p: RtpPacket): RtpPacket[] {
    const out: RtpPacket[] = [];
    if (this.expected === undefined) this.expected = p.sequence;
    const d = seqDelta(this.expected, p.sequence);
    if (d < -RESTART_DISTANCE || d > RESTART_DISTANCE) {
      this.drainAll(out);
      this.expected = p.sequence;
    } else if (d < 0 || this.held.has(p.sequence)) {
      this.droppedCount++;
      return out;
    }
    this.held.set(p.sequence, p);
    // Anything still missing more than a window behind the newest packet is given up for lost.
    while (seqDelta(this.expected, p.sequence) >= this.window) this.advance(out);
    this.drainReady(out);
    return out;
  }

  flush(): RtpPacket[] {
    const out: RtpPacket[] = [];
    this.drainAll(out);
    return out;
  }

  private drainReady(out: RtpPacket[]): void {
    for (;;) {
      const next = this.held.get(this.expected!);
      if (!next) return;
      this.held.delete(this.expected!);
      out.push(next);
      this.expected = (this.expected! + 1) & 0xffff;
    }
  }

  private advance(out: RtpPacket[]): void {
    const p = this.held.get(this.expected!);
    if (p) {
      this.held.delete(this.expected!);
      out.push(p);
    } else {
      this.lostCount++;
    }
    this.expected = (this.expected! + 1) & 0xffff;
  }

  private drainAll(out: RtpPacket[]): void {
    while (this.held.size > 0) this.advance(out);
  }
}
