/**
 * A counting semaphore: how many tasks of a queue run at once in this process. A queue and its batch queue
 * share one, so a batch of 16 counts as 16 conversations, not one.
 */
export class Slots {
  private free: number;
  private readonly waiters: { resolve: () => void; reject: (reason: unknown) => void }[] = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`slots: size must be a positive integer, got ${size}`);
    this.free = size;
  }

  /** Resolves holding a slot; rejects with the signal's reason if it aborts first (no slot held then). */
  async acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const waiter = {
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        reject,
      };
      const onAbort = () => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  /** Takes up to `n` of the slots free right now without waiting; returns how many it took (each to be released). */
  tryReserve(n: number): number {
    const k = Math.max(0, Math.min(n, this.free));
    this.free -= k;
    return k;
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next.resolve();
    else this.free++;
  }
}
