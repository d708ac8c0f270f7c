// One shared clock for every device timer (registration refresh, keepalives, SIP retransmissions):
// a min-heap of deadlines drained by a single interval, so thousands of devices cost one Node timer.
import type { SipTimers, TimerHandle } from '@svc/gb28181';

export type { TimerHandle };

interface Entry {
  due: number;
  seq: number;
  fn: () => void;
  cancelled: boolean;
}

function earlier(a: Entry, b: Entry): boolean {
  return a.due < b.due || (a.due === b.due && a.seq < b.seq);
}

export class Scheduler implements SipTimers {
  private readonly heap: Entry[] = [];
  private seq = 0;
  private interval: NodeJS.Timeout | undefined;

  constructor(
    private readonly onError: (err: unknown) => void,
    private readonly resolutionMs = 20,
  ) {}

  start(): void {
    this.interval ??= setInterval(() => this.runDue(performance.now()), this.resolutionMs);
  }

  stop(): void {
    clearInterval(this.interval);
    this.interval = undefined;
    for (const e of this.heap) e.cancelled = true;
    this.heap.length = 0;
  }

  get size(): number {
    return this.heap.length;
  }

  now(): number {
    return performance.now();
  }

  after(ms: number, fn: () => void): TimerHandle {
    const entry: Entry = { due: performance.now() + Math.max(0, ms), seq: this.seq++, fn, cancelled: false };
    this.push(entry);
    return {
      cancel: () => {
        entry.cancelled = true;
      },
    };
  }

  /** Runs every entry due by `now`; exposed so tests can drive the clock. */
  runDue(now: number): void {
    for (let top = this.heap[0]; top !== undefined && top.due <= now; top = this.heap[0]) {
      this.pop();
      if (top.cancelled) continue;
      try {
        top.fn();
      } catch (err) {
        this.onError(err);
      }
    }
  }

  private push(e: Entry): void {
    const h = this.heap;
    h.push(e);
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = h[parent] as Entry;
      if (!earlier(e, p)) break;
      h[i] = p;
      i = parent;
    }
    h[i] = e;
  }

  private pop(): void {
    const h = this.heap;
    const last = h.pop();
    if (last === undefined || h.length === 0) return;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= h.length) break;
      const r = l + 1;
      const c = r < h.length && earlier(h[r] as Entry, h[l] as Entry) ? r : l;
      if (!earlier(h[c] as Entry, last)) break;
      h[i] = h[c] as Entry;
      i = c;
    }
    h[i] = last;
  }
}
