/**
 * Postgres side of the LLM layer: the llm_calls ledger (cost, tokens, latency per call) with totals per
 * task and per run, and the content-addressed response cache (llm_cache).
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { llmCache, llmCalls } from '../db/schema/llm.ts';
import { storable, storableText } from '../db/storable.ts';
import type { LlmRole } from './roles.ts';

export interface CallRecord {
  runId?: string;
  taskKey?: string;
  role: LlmRole;
  model: string;
  tokensIn: number;
  tokensOut: number;
  costUsd: number;
  latencyMs: number;
  cached: boolean;
  error?: string;
}

export async function recordCall(db: Db, rec: CallRecord): Promise<void> {
  await db.insert(llmCalls).values({
    runId: rec.runId ?? null,
    taskKey: rec.taskKey ?? null,
    role: rec.role,
    model: rec.model,
    tokensIn: rec.tokensIn,
    tokensOut: rec.tokensOut,
    costUsd: rec.costUsd,
    latencyMs: Math.round(rec.latencyMs),
    cached: rec.cached,
    // An error's text may quote the server's reply, NUL and all.
    error: rec.error === undefined ? null : storableText(rec.error),
  });
}

export interface LlmTotal {
  calls: number;
  cachedCalls: number;
  errors: number;
  tokensIn: number;
  tokensOut: number;
  costUsd: number;
  latencyMs: number;
}

export interface LlmTotals {
  run: LlmTotal;
  tasks: Record<string, LlmTotal>;
}

/** LLM totals of one run, overall and per task (calls without a task key count under ""). */
export async function llmTotals(db: Db, runId: string): Promise<LlmTotals> {
  const rows = await db
    .select({
      taskKey: llmCalls.taskKey,
      calls: sql<number>`count(*)::int`,
      cachedCalls: sql<number>`(count(*) filter (where ${llmCalls.cached}))::int`,
      errors: sql<number>`(count(*) filter (where ${llmCalls.error} is not null))::int`,
      tokensIn: sql<number>`coalesce(sum(${llmCalls.tokensIn}), 0)::int`,
      tokensOut: sql<number>`coalesce(sum(${llmCalls.tokensOut}), 0)::int`,
      costUsd: sql<number>`coalesce(sum(${llmCalls.costUsd}), 0)::float8`,
      latencyMs: sql<number>`coalesce(sum(${llmCalls.latencyMs}), 0)::int`,
    })
    .from(llmCalls)
    .where(eq(llmCalls.runId, runId))
    .groupBy(llmCalls.taskKey);
  const run: LlmTotal = { calls: 0, cachedCalls: 0, errors: 0, tokensIn: 0, tokensOut: 0, costUsd: 0, latencyMs: 0 };
  const tasks: Record<string, LlmTotal> = {};
  for (const { taskKey, ...t } of rows) {
    tasks[taskKey ?? ''] = t;
    for (const k of Object.keys(run) as (keyof LlmTotal)[]) run[k] += t[k];
  }
  return { run, tasks };
}

/** Rows of one task, newest last (reports and debugging). */
export async function llmCallsOf(db: Db, runId: string, taskKey: string) {
  return db
    .select()
    .from(llmCalls)
    .where(and(eq(llmCalls.runId, runId), eq(llmCalls.taskKey, taskKey)))
    .orderBy(llmCalls.id);
}

/** Stable JSON (sorted keys) so the same request always hashes to the same key. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function cacheKey(parts: unknown): string {
  return createHash('sha256').update(stableJson(parts)).digest('hex');
}

export async function cacheGet(db: Db, key: string): Promise<unknown> {
  const rows = await db.select({ response: llmCache.response }).from(llmCache).where(eq(llmCache.key, key)).limit(1);
  return rows[0]?.response;
}

/**
 * Stores a reply through `storable`: a NUL in the model's text would fail the insert, and with it the call its
 * caller paid for. A hit then gives ␀ where the reply had the NUL (the client returns the fresh reply so too).
 */
export async function cachePut(db: Db, key: string, model: string, response: unknown): Promise<void> {
  await db.insert(llmCache).values({ key, model, response: storable(response) }).onConflictDoNothing();
}
