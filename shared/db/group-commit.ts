/**
 * Group commit: the writes that arrive while one flush is in flight go together in the next one (one
 * statement, one WAL flush), and each caller waits until its own item is durable. Correctness is unchanged;
 * only the cost per item drops when many finish together (a batch of conversations, a busy worker).
 */
interface Pending<T, R> {
  item: T;
  resolve: (r: R) => void;
  reject: (err: unknown) => void;
}

export class GroupCommit<T, R> {
  private queue: Pending<T, R>[] = [];
  private flushing = false;

  private timer: NodeJS.Timeout | undefined;

  /**
   * `write` gets the items in arrival order and returns one result per item, in the same order. With
   * `lingerMs`, the first item of a quiet period waits that long for company (tasks of a batch finish within
   * milliseconds of each other): fewer, larger statements for a bounded delay.
   */
  constructor(
    private readonly write: (items: T[]) => Promise<R[]>,
    private readonly opts: { maxBatch?: number; lingerMs?: number } = {},
  ) {}

  push(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.flushing) return;
      const linger = this.opts.lingerMs ?? 0;
      if (linger <= 0 || this.queue.length >= (this.opts.maxBatch ?? 500)) {
        clearTimeout(this.timer);
        this.timer = undefined;
        void this.flush();
      } else if (!this.timer) {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          if (!this.flushing) void this.flush();
        }, linger);
      }
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, this.opts.maxBatch ?? 500);
        try {
          const results = await this.write(batch.map((p) => p.item));
          batch.forEach((p, i) => p.resolve(results[i]!));
        } catch (err) {
          for (const p of batch) p.reject(err);
        }
      }
    } finally {
      this.flushing = false;
    }
  }
}
