/**
 * A rate limiter shared by every worker process on every machine through Redis: at most `ratePerSec`
 * acquisitions per second (GCRA, evenly spaced) AND at most `maxInFlight` holders at once (a sorted-set
 * semaphore whose leases expire after `leaseMs`, so a crashed holder's slot comes back on its own).
 * Live holders renew their lease in the background, so a slow request keeps its slot.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { ACQUIRE, RENEW, runScript } from './scripts.ts';
import { sleep } from './sleep.ts';

export { sleep } from './sleep.ts';

/** Gives the slot back. Safe to call more than once; never rejects (an unreleased lease expires anyway). */
export type Release = () => Promise<void>;

export interface RateLimiter {
  /** Wait until both limits allow one more request; rejects with `signal.reason` as soon as it aborts. */
  acquire(signal?: AbortSignal): Promise<Release>;
}

export const rateLimitOptionsSchema = z.object({
  prefix: z.string().min(1),
  key: z.string().min(1),
  ratePerSec: z.number().positive().optional(),
  maxInFlight: z.number().int().positive().optional(),
  /** How long a slot survives without renewal: the time a crashed holder keeps it. */
  leaseMs: z.number().int().min(100).default(30_000),
  /**
   * Longest sleep between two tries while every slot is taken. A release is not announced, so waiters
   * look again this often (a few Redis calls per second per waiter) rather than until the first expiry.
   */
  pollMs: z.number().int().min(1).default(50),
});
export type RateLimitOptions = z.input<typeof rateLimitOptionsSchema>;

const noRelease: Release = async () => {};

export function createRateLimiter(redis: Redis, options: RateLimitOptions): RateLimiter {
  const opts = rateLimitOptionsSchema.parse(options);
  const base = `${opts.prefix}:rl:${opts.key}`;
  const rateKey = `${base}:rate`;
  const inFlightKey = `${base}:inflight`;
  const intervalUs = opts.ratePerSec ? Math.ceil(1_000_000 / opts.ratePerSec) : 0;
  const maxInFlight = opts.maxInFlight ?? 0;

  function hold(id: string): Release {
    if (maxInFlight === 0) return noRelease;
    // Renew well before expiry so one slow Redis round trip does not lose the slot.
    const timer = setInterval(() => {
      runScript(redis, RENEW, [inFlightKey], [opts.leaseMs, id])
        .then((renewed) => {
          if (renewed === 0) clearInterval(timer);
        })
        .catch(() => {}); // Redis briefly unreachable: the next tick tries again, expiry is the backstop.
    }, Math.max(50, Math.floor(opts.leaseMs / 3)));
    timer.unref();
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      clearInterval(timer);
      // Never throw from a release (it usually runs in a finally): the lease expires if this fails.
      await redis.zrem(inFlightKey, id).catch(() => {});
    };
  }

  return {
    async acquire(signal) {
      if (intervalUs === 0 && maxInFlight === 0) return noRelease;
      for (;;) {
        signal?.throwIfAborted();
        const id = randomUUID();
        const wait = await runScript(
          redis,
          ACQUIRE,
          [rateKey, inFlightKey],
          [intervalUs, maxInFlight, opts.leaseMs, id, opts.pollMs],
        );
        if (wait === 0) {
          const release = hold(id);
          if (signal?.aborted) {
            await release();
            throw signal.reason;
          }
          return release;
        }
        // A little jitter so waiters woken by the same release or TAT do not all ask at the same instant.
        await sleep(wait + Math.floor(Math.random() * Math.min(25, wait / 4 + 1)), signal);
      }
    },
  };
}
