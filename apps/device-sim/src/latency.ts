// Keepalive transaction latency (send → final response) as a fixed-bucket histogram, so 50,000 devices cost one array.

/** 0.1 ms buckets up to 2 s; slower answers land in the last bucket (a timeout is not a latency). */
const BUCKET_MS = 0.1;
const BUCKETS = 20_000;

export interface LatencySummary {
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export class LatencyHistogram {
  private readonly counts = new Uint32Array(BUCKETS);
  private n = 0;
  private max = 0;

  record(ms: number): void {
    const i = Math.min(BUCKETS - 1, Math.max(0, Math.floor(ms / BUCKET_MS)));
    this.counts[i]!++;
    this.n++;
    if (ms > this.max) this.max = ms;
  }

  reset(): void {
    this.counts.fill(0);
    this.n = 0;
    this.max = 0;
  }

  /** The upper edge of the bucket holding the p-th percentile: never understates. */
  percentile(p: number): number {
    if (this.n === 0) return 0;
    const rank = Math.ceil((p / 100) * this.n);
    let seen = 0;
    for (let i = 0; i < BUCKETS; i++) {
      seen += this.counts[i]!;
      if (seen >= rank) return Math.min((i + 1) * BUCKET_MS, this.max);
    }
    return this.max;
  }

  summary(): LatencySummary {
    return { count: this.n, p50Ms: this.percentile(50), p99Ms: this.percentile(99), maxMs: this.max };
  }
}
