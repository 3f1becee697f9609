/**
 * Group commit: the writes that arrive while one flush is in flight go together in the next one (one
 * statement, one WAL flush), and each caller waits until its own item is durable. Correctness is unchanged;
 * only the cost per item drops when many finish together (a batch of conversations, a busy worker).
 */
interface Pending<T, R> {
  item: T;
  at: number;
  /** Written without lingering. */
  now: boolean;
  resolve: (r: R) => void;
  reject: (err: unknown) => void;
}

export class GroupCommit<T, R> {
  private queue: Pending<T, R>[] = [];
  private flushing = false;
  private timer: NodeJS.Timeout | undefined;
  /** Items waiting that are not to linger. */
  private urgent = 0;

  /**
   * `write` gets the items in arrival order and returns one result per item, in the same order. With
   * `lingerMs`, an item waits up to that long after it arrived for company before it is written (as Kafka's
   * linger.ms), unless `maxBatch` items are already waiting: fewer, larger statements for a bounded delay,
   * also under a steady stream, where flushing back to back would write a few items at a time.
   */
  constructor(
    private readonly write: (items: T[]) => Promise<R[]>,
    private readonly opts: { maxBatch?: number; lingerMs?: number } = {},
  ) {}

  private get maxBatch(): number {
    return this.opts.maxBatch ?? 500;
  }

  /** `linger: false`: no company is expected (the caller knows it is alone), so the item does not wait. */
  push(item: T, o: { linger?: boolean } = {}): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const now = o.linger === false;
      if (now) this.urgent++;
      this.queue.push({ item, at: performance.now(), now, resolve, reject });
      if (!this.flushing) this.schedule();
    });
  }

  /** Flush now, or when the oldest waiting item has lingered long enough. */
  private schedule(): void {
    if (!this.queue.length) return;
    const wait = (this.opts.lingerMs ?? 0) - (performance.now() - this.queue[0]!.at);
    if (wait <= 0 || this.urgent > 0 || this.queue.length >= this.maxBatch) {
      clearTimeout(this.timer);
      this.timer = undefined;
      void this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        if (!this.flushing) void this.flush();
      }, wait);
    }
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      const batch = this.queue.splice(0, this.maxBatch);
      for (const p of batch) if (p.now) this.urgent--;
      try {
        const results = await this.write(batch.map((p) => p.item));
        batch.forEach((p, i) => p.resolve(results[i]!));
      } catch (err) {
        for (const p of batch) p.reject(err);
      }
    } finally {
      this.flushing = false;
      this.schedule();
    }
  }
}
