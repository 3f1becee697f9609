/** The root of every run's flow: decides the run's final status once everything below it is terminal. */
import type { Sql } from '../db/client.ts';
import type { Redis } from 'ioredis';
import type { RunStatus } from '../db/schema/engine.ts';
import { FINALIZE_KEY } from './dag.ts';
import { eventsChannel } from './cancel-bus.ts';

/**
 * The status a run ends with, from its tasks' outcomes: canceled when a cancel was asked for, failed when a task
 * failed or was not run, else completed. `pending` are tasks still running that are taken as completing (the
 * report task, which describes the run before its root closes it).
 */
export async function decideRunStatus(sql: Sql, runId: string, pending: string[] = []): Promise<{ status: RunStatus; error: string | null }> {
  const skip = [FINALIZE_KEY, ...pending];
  // raw SQL: run finalisation transaction (guarded status updates, result upsert) — not converted this session
  const rows = await sql<{ status: string; n: number }[]>`
    select status, count(*)::int as n from tasks where run_id = ${runId} and task_key <> all(${skip}::text[]) group by status`;
  const run = (await sql<{ cancel_requested: boolean }[]>`select cancel_requested from runs where id = ${runId}`)[0];
  const count = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
  const status: RunStatus = run?.cancel_requested
    ? 'canceled'
    : count('failed') + count('canceled') > 0
      ? 'failed'
      : 'completed';
  return { status, error: status === 'failed' ? `${count('failed')} task(s) failed, ${count('canceled')} not run` : null };
}

export async function finalizeRun(sql: Sql, redis: Redis, prefix: string, runId: string): Promise<RunStatus> {
  const { status, error } = await decideRunStatus(sql, runId);
  // The run's status and its root task's together: whoever sees the run finished sees every task finished.
  await sql.begin(async (tx) => {
    // raw SQL: run finalisation transaction (guarded status updates, result upsert) — not converted this session
    await tx`update runs set status = ${status}, finished_at = now(), error = ${error} where id = ${runId}`;
    await tx`update tasks set status = 'completed', finished_at = now(), error = null
      where run_id = ${runId} and task_key = ${FINALIZE_KEY} and status <> 'completed'`;
    await tx`insert into task_results (run_id, task_key, result) values (${runId}, ${FINALIZE_KEY}, ${tx.json({ status })})
      on conflict (run_id, task_key) do update set result = excluded.result, created_at = now()`;
  });
  await redis.publish(eventsChannel(prefix), JSON.stringify({ type: 'run.finished', runId, status }));
  return status;
}
