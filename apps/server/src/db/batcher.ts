// Group commit: calls made while a statement runs are answered by the next one, so a storm of 10,000
// REGISTERs or 2,000 alarms a second costs dozens of statements instead of thousands queued in the pool.

type Entry<T, R> = { item: T; resolve: (r: R) => void; reject: (e: unknown) => void };

export class Batcher<T, R> {
  private queue: Entry<T, R>[] = [];
  private scheduled = false;
  private running = 0;

  /** `run` answers one result per item, in order. */
  constructor(
    private readonly run: (items: T[]) => Promise<R[]>,
    private readonly max = 1000,
    private readonly concurrency = 2,
  ) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      // One turn of the event loop lets the datagrams already read join the same batch.
      setImmediate(() => {
        this.scheduled = false;
        this.drain();
      });
    });
  }

  private drain(): void {
    while (this.running < this.concurrency && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.max);
      this.running++;
      this.run(batch.map((e) => e.item))
        .then(
          (results) => batch.forEach((e, i) => e.resolve(results[i] as R)),
          (err: unknown) => batch.forEach((e) => e.reject(err)),
        )
        .finally(() => {
          this.running--;
          this.drain();
        });
    }
  }
}
