/** Redis connections. Workers need maxRetriesPerRequest: null (BullMQ blocks on BRPOPLPUSH-like calls). */
import { Redis } from 'ioredis';

export function redisConnection(url: string, opts: { forWorker?: boolean } = {}): Redis {
  const r = new Redis(url, {
    maxRetriesPerRequest: opts.forWorker ? null : 3,
    enableReadyCheck: true,
    // Keep retrying while Redis restarts; BullMQ resumes once it answers again.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  // Connection errors are retried by the strategy above; without a listener ioredis prints each one.
  r.on('error', () => {});
  return r;
}
