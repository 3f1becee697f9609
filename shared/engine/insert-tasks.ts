/** Stores planned tasks in chunks (one INSERT per chunk). Used by submit and by run expansion. */
import type { Sql } from '../db/client.ts';
import type { PlannedTask } from './dag.ts';

const CHUNK = 2000;

export async function insertTasks(tx: Sql, runId: string, tasks: PlannedTask[], opts: { ignoreExisting?: boolean } = {}): Promise<void> {
  for (let i = 0; i < tasks.length; i += CHUNK) {
    const rows = tasks.slice(i, i + CHUNK).map((t) => ({
      run_id: runId,
      task_key: t.key,
      kind: t.kind,
      queue: t.queue,
      payload: tx.json((t.payload ?? {}) as Parameters<typeof tx.json>[0]),
      depends_on: t.dependsOn,
      flow_parent: t.flowParent,
      always_run: t.alwaysRun,
      max_attempts: t.maxAttempts,
      timeout_ms: t.timeoutMs,
    }));
    if (opts.ignoreExisting) await tx`insert into tasks ${tx(rows)} on conflict do nothing`;
    else await tx`insert into tasks ${tx(rows)}`;
  }
}
