/**
 * Cancellation reaches every worker process: BullMQ's own job cancellation only reaches the worker
 * holding the job, so a run's cancel is broadcast on a Redis channel and each process aborts the
 * AbortControllers of that run's active tasks.
 */
import type { Redis } from 'ioredis';

export class RunCanceledError extends Error {
  constructor(readonly runId: string) {
    super(`run ${runId} was canceled`);
    this.name = 'RunCanceledError';
  }
}

export const cancelChannel = (prefix: string) => `${prefix}:vaglio:cancel`;
export const eventsChannel = (prefix: string) => `${prefix}:vaglio:events`;

export class CancelBus {
  private readonly active = new Map<string, Set<AbortController>>();
  private sub: Redis | undefined;

  constructor(private readonly prefix: string) {}

  async start(subscriber: Redis): Promise<void> {
    this.sub = subscriber;
    subscriber.on('message', (channel: string, runId: string) => {
      if (channel === cancelChannel(this.prefix)) this.abortRun(runId);
    });
    await subscriber.subscribe(cancelChannel(this.prefix));
  }

  register(runId: string, ac: AbortController): () => void {
    let set = this.active.get(runId);
    if (!set) this.active.set(runId, (set = new Set()));
    set.add(ac);
    return () => {
      set.delete(ac);
      if (set.size === 0) this.active.delete(runId);
    };
  }

  abortRun(runId: string): void {
    for (const ac of this.active.get(runId) ?? []) ac.abort(new RunCanceledError(runId));
  }

  async stop(): Promise<void> {
    if (this.sub) {
      await this.sub.unsubscribe().catch(() => {});
      this.sub.disconnect();
    }
  }
}

export async function broadcastCancel(redis: Redis, prefix: string, runId: string): Promise<void> {
  await redis.publish(cancelChannel(prefix), runId);
}
