/** Cancel a run: queued tasks are canceled in Postgres, running ones aborted in every worker process. */
import { and, eq, not, sql as frag } from 'drizzle-orm';
import { drizzleOf } from '../db/client.ts';
import { runs, tasks } from '../db/schema/engine.ts';
import { broadcastCancel } from './cancel-bus.ts';
import { ConflictError, NotFoundError } from './errors.ts';
import type { EngineDeps } from './processor.ts';

export async function cancelRun(deps: Pick<EngineDeps, 'sql' | 'redis' | 'prefix'>, runId: string): Promise<void> {
  const db = drizzleOf(deps.sql);
  const run = (await db.select({ status: runs.status }).from(runs).where(eq(runs.id, runId)))[0];
  if (!run) throw new NotFoundError(`run ${runId}`);
  if (run.status !== 'running' && run.status !== 'queued') {
    throw new ConflictError(`run ${runId} is ${run.status}; only queued or running runs can be canceled`);
  }
  await db.transaction(async (tx) => {
    await tx.update(runs).set({ cancelRequested: true }).where(eq(runs.id, runId));
    await tx
      .update(tasks)
      .set({ status: 'canceled', cancelReason: 'run canceled', finishedAt: frag`now()` })
      .where(and(eq(tasks.runId, runId), eq(tasks.status, 'queued'), not(tasks.alwaysRun)));
  });
  await broadcastCancel(deps.redis, deps.prefix, runId);
}
