/** The root of every run's flow: decides the run's final status once everything below it is terminal. */
import { and, count, eq, ne, notInArray, sql as frag } from 'drizzle-orm';
import { drizzleOf, type Sql } from '../db/client.ts';
import type { Redis } from 'ioredis';
import { runs, taskResults, tasks, type RunStatus } from '../db/schema/engine.ts';
import { FINALIZE_KEY } from './dag.ts';
import { eventsChannel } from './cancel-bus.ts';

/**
 * The status a run ends with, from its tasks' outcomes: canceled when a cancel was asked for, failed when a task
 * failed or was not run, else completed. `pending` are tasks still running that are taken as completing (the
 * report task, which describes the run before its root closes it).
 */
export async function decideRunStatus(sql: Sql, runId: string, pending: string[] = []): Promise<{ status: RunStatus; error: string | null }> {
  const db = drizzleOf(sql);
  const rows = await db
    .select({ status: tasks.status, n: count() })
    .from(tasks)
    .where(and(eq(tasks.runId, runId), notInArray(tasks.taskKey, [FINALIZE_KEY, ...pending])))
    .groupBy(tasks.status);
  const run = (await db.select({ cancelRequested: runs.cancelRequested }).from(runs).where(eq(runs.id, runId)))[0];
  const n = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
  const status: RunStatus = run?.cancelRequested
    ? 'canceled'
    : n('failed') + n('canceled') > 0
      ? 'failed'
      : 'completed';
  return { status, error: status === 'failed' ? `${n('failed')} task(s) failed, ${n('canceled')} not run` : null };
}

export async function finalizeRun(sql: Sql, redis: Redis, prefix: string, runId: string): Promise<RunStatus> {
  const { status, error } = await decideRunStatus(sql, runId);
  // The run's status and its root task's together: whoever sees the run finished sees every task finished.
  await drizzleOf(sql).transaction(async (tx) => {
    await tx.update(runs).set({ status, finishedAt: frag`now()`, error }).where(eq(runs.id, runId));
    await tx
      .update(tasks)
      .set({ status: 'completed', finishedAt: frag`now()`, error: null })
      .where(and(eq(tasks.runId, runId), eq(tasks.taskKey, FINALIZE_KEY), ne(tasks.status, 'completed')));
    await tx
      .insert(taskResults)
      .values({ runId, taskKey: FINALIZE_KEY, result: { status } })
      .onConflictDoUpdate({ target: [taskResults.runId, taskResults.taskKey], set: { result: { status }, createdAt: frag`now()` } });
  });
  await redis.publish(eventsChannel(prefix), JSON.stringify({ type: 'run.finished', runId, status }));
  return status;
}
