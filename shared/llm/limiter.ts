/**
 * The per-provider concurrency and rate limit, shared by every worker through Redis. One limiter per
 * provider (base URL host), not per role: two roles on the same account share its quota.
 */
import type { Redis } from 'ioredis';
import { createRateLimiter } from '../ratelimit/index.ts';

export interface ProviderLimit {
  ratePerSec?: number;
  maxInFlight?: number;
  leaseMs?: number;
}

export interface Limiter {
  acquire(signal?: AbortSignal): Promise<() => Promise<void>>;
}

export type LimiterFactory = (key: string, limit: ProviderLimit) => Limiter;

/** Redis key part naming a provider: its host (and port), or "openai" for the default endpoint. */
export function providerKey(baseURL: string | undefined): string {
  if (!baseURL) return 'openai';
  try {
    return new URL(baseURL).host.replace(/[^A-Za-z0-9_.-]/g, '_');
  } catch {
    return baseURL.replace(/[^A-Za-z0-9_.-]/g, '_');
  }
}

export interface RedisLimitOptions {
  redis: Redis;
  prefix: string;
}

/** Limiters on shared/ratelimit: every process using the same Redis and prefix shares each provider's limit. */
export function redisLimiterFactory(opts: RedisLimitOptions): LimiterFactory {
  return (key, limit) => createRateLimiter(opts.redis, { prefix: opts.prefix, key: `llm.${key}`, ...limit });
}
