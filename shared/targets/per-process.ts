/** One target object per config and process: its rate limiter and connection reuse are shared by tasks. */
import type { Redis } from 'ioredis';
import { createTarget } from './registry.ts';
import type { TargetConfig } from './registry.ts';
import type { Target } from './types.ts';

// A run's shared config is one object for all its tasks; an inline one is looked up by its content.
const targets = new Map<string, Target>();
const targetsByConfig = new WeakMap<TargetConfig, Target>();

export function targetFor(config: TargetConfig, redis: Redis, prefix: string): Target {
  const known = targetsByConfig.get(config);
  if (known) return known;
  const key = `${prefix}\u0000${JSON.stringify(config)}`;
  let t = targets.get(key);
  if (!t) {
    t = createTarget(config, { redis, prefix });
    if (targets.size > 100) targets.clear();
    targets.set(key, t);
  }
  targetsByConfig.set(config, t);
  return t;
}
