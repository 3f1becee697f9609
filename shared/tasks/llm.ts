/**
 * The LLM layer of this worker process: one per configuration (so its cache, cost log and Redis-shared
 * provider limits are set up once), used by every task kind that needs a model role.
 */
import { createLlm, type Llm } from '../llm/index.ts';
import { redisLimiterFactory } from '../llm/limiter.ts';
import type { Config } from '../config.ts';
import type { TaskContext } from '../engine/kinds.ts';

const byConfig = new WeakMap<Config, Llm>();

export function llmFor(ctx: Pick<TaskContext, 'config' | 'db' | 'redis' | 'prefix'>): Llm {
  let llm = byConfig.get(ctx.config);
  if (!llm) {
    llm = createLlm(ctx.config, { db: ctx.db, limiterFactory: redisLimiterFactory({ redis: ctx.redis, prefix: ctx.prefix }) });
    byConfig.set(ctx.config, llm);
  }
  return llm;
}
