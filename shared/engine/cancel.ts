/** Cancel a run: queued tasks are canceled in Postgres, running ones aborted in every worker process. */
import { broadcastCancel } from './cancel-bus.ts';
import { ConflictError, NotFoundError } from './errors.ts';
import type { EngineDeps } from './processor.ts';

export async function cancelRun(deps: Pick<EngineDeps, 'sql' | 'redis' | 'prefix'>, runId: string): Promise<void> {
  const { sql } = deps;
  // raw SQL: run cancel transaction (guarded updates of the run and its tasks) — not converted this session
  const run = (await sql<{ status: string }[]>`select status from runs where id = ${runId}`)[0];
  if (!run) throw new NotFoundError(`run ${runId}`);
  if (run.status !== 'running' && run.status !== 'queued') {
    throw new ConflictError(`run ${runId} is ${run.status}; only queued or running runs can be canceled`);
  }
  await sql.begin(async (tx) => {
    await tx`update runs set cancel_requested = true where id = ${runId}`;
    await tx`update tasks set status = 'canceled', cancel_reason = 'run canceled', finished_at = now()
      where run_id = ${runId} and status = 'queued' and not always_run`;
  });
  await broadcastCancel(deps.redis, deps.prefix, runId);
}
