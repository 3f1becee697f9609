/**
 * Small real task kinds for exercising the engine (tests, `bench:engine`, the engine demo): they do real
 * waiting and really fail, so the engine's retry, timeout, cancel and resume paths run for real.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { defineKind } from '../engine/kinds.ts';
import { PermanentTaskError } from '../engine/errors.ts';
import { drizzleOf } from '../db/client.ts';
import { recoveryBaselines } from '../db/schema/index.ts';

export const noopKind = defineKind({
  kind: 'test.noop',
  queue: 'converse',
  /** `nul` returns `value` (a string) ending with a NUL, as a task's output can (a payload cannot hold one). */
  payload: z.object({ value: z.unknown().optional(), nul: z.boolean().default(false) }).default({ nul: false }),
  timeoutMs: 10_000,
  attempts: 3,
  backoffMs: 100,
  handler: async (p) => ({ value: p.nul ? `${String(p.value ?? '')}\u0000` : (p.value ?? null), at: Date.now() }),
});

export const sleepKind = defineKind({
  kind: 'test.sleep',
  queue: 'converse',
  payload: z.object({ ms: z.number().int().nonnegative().max(600_000) }),
  timeoutMs: 120_000,
  attempts: 3,
  backoffMs: 100,
  handler: async (p, ctx) => {
    const start = Date.now();
    await sleep(p.ms, undefined, { signal: ctx.signal });
    return { start, end: Date.now() };
  },
});

/** Fails its first `times` attempts (transiently), or always with `permanent`. Attempts are counted in Redis. */
export const failKind = defineKind({
  kind: 'test.fail',
  queue: 'converse',
  payload: z.object({
    times: z.number().int().nonnegative().default(1_000_000),
    permanent: z.boolean().default(false),
    /** The failure's message (default: which attempt failed); `nul` ends it with a NUL (a payload cannot hold one). */
    message: z.string().optional(),
    nul: z.boolean().default(false),
  }),
  timeoutMs: 10_000,
  attempts: 3,
  backoffMs: 50,
  handler: async (p, ctx) => {
    if (p.permanent) throw new PermanentTaskError('told to fail permanently');
    const n = await ctx.redis.incr(`${ctx.prefix}:test-fail:${ctx.runId}:${ctx.taskKey}`);
    if (n <= p.times) throw new Error((p.message ?? `failing attempt ${n} of ${p.times}`) + (p.nul ? '\u0000' : ''));
    return { succeededOnAttempt: n };
  },
});

/**
 * Fails on a real Drizzle write whose parameters hold `text` (a recovery baseline for a run that does not exist:
 * 23503; a NUL in `text` makes it 22021): the error's message is the statement and its parameters, as a task's
 * own failing query gives it.
 */
export const dbFailKind = defineKind({
  kind: 'test.db-fail',
  queue: 'converse',
  /** `nul` ends the text with a NUL (a payload, stored as jsonb, cannot hold one). */
  payload: z.object({ text: z.string(), nul: z.boolean().default(false) }),
  timeoutMs: 10_000,
  attempts: 2,
  backoffMs: 50,
  handler: async (p, ctx) => {
    const text = p.nul ? `${p.text}\u0000` : p.text;
    await drizzleOf(ctx.sql).insert(recoveryBaselines).values({ runId: `${ctx.runId}-absent`, questionHash: 'h', question: text, answer: text });
    return {};
  },
});

/** Waits `ms`, then writes a row through Drizzle (its errors come wrapped in a DrizzleQueryError). */
export const dbWriteKind = defineKind({
  ...sleepKind,
  kind: 'test.db-write',
  handler: async (p, ctx) => {
    await sleep(p.ms, undefined, { signal: ctx.signal });
    await drizzleOf(ctx.sql).insert(recoveryBaselines).values({ runId: ctx.runId, questionHash: ctx.taskKey, question: 'q', answer: 'a' }).onConflictDoNothing();
    return { wrote: ctx.taskKey };
  },
});

/** Makes a real HTTP request that hangs until the signal aborts it: proves timeouts abort in-flight calls. */
export const httpHangKind = defineKind({
  kind: 'test.http-hang',
  queue: 'converse',
  payload: z.object({ url: z.string().url() }),
  timeoutMs: 1_000,
  attempts: 2,
  backoffMs: 50,
  handler: async (p, ctx) => {
    const res = await fetch(p.url, { signal: ctx.signal });
    return { status: res.status };
  },
});

/** Sums its dependencies' numeric `value` results: a fan-in that proves results flow through Postgres. */
export const sumKind = defineKind({
  kind: 'test.sum',
  queue: 'report',
  payload: z.object({}).default({}),
  timeoutMs: 10_000,
  attempts: 3,
  backoffMs: 100,
  handler: async (_p, ctx) => {
    const deps = await ctx.depResults();
    let sum = 0;
    for (const r of deps.values()) {
      const v = (r as { value?: unknown } | null)?.value;
      if (typeof v === 'number') sum += v;
    }
    return { value: sum, inputs: deps.size };
  },
});

/** Adds `n` noop tasks (values 1..n) and a sum over them to its own run, attached to `attachTo`. */
export const expandKind = defineKind({
  kind: 'test.expand',
  queue: 'converse',
  /** `nul` gives each added task a text value ending with a NUL, as what a task read can hold. */
  payload: z.object({ n: z.number().int().positive().max(10_000), attachTo: z.string().default('report'), nul: z.boolean().default(false) }),
  timeoutMs: 30_000,
  attempts: 3,
  backoffMs: 100,
  handler: async (p, ctx) => {
    const keys = Array.from({ length: p.n }, (_, i) => `${ctx.taskKey}.x${i + 1}`);
    const added = await ctx.expand(
      [
        ...keys.map((key, i) => ({ key, kind: 'test.noop', payload: { value: p.nul ? `${i + 1}\u0000` : i + 1 } })),
        { key: `${ctx.taskKey}.xsum`, kind: 'test.sum', dependsOn: keys },
      ],
      { attachTo: p.attachTo },
    );
    return added;
  },
});

/**
 * Batchable twins of sleep and fail: sibling tasks of these travel as batch jobs (queues/index.ts), so tests
 * see a batch retry, time out, cancel and survive a crash task by task.
 */
export const batchSleepKind = defineKind({ ...sleepKind, kind: 'test.batch-sleep', batchable: true });
export const batchFailKind = defineKind({ ...failKind, kind: 'test.batch-fail', batchable: true });
