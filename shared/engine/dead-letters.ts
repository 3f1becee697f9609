/** Dead letters: tasks that exhausted their retries. Reprocessing relaunches them so their run can complete. */
import { resumeRun, type ResumeResult } from './resume.ts';
import { NotFoundError } from './errors.ts';
import type { EngineDeps } from './processor.ts';

export interface DeadLetterRow {
  id: number;
  runId: string;
  taskKey: string;
  queue: string;
  jobId: string | null;
  payload: unknown;
  error: string;
  stack: string | null;
  attempts: number;
  createdAt: Date;
  reprocessedAt: Date | null;
}

type Deps = Pick<EngineDeps, 'sql' | 'redis' | 'prefix'>;

export async function listDeadLetters(
  deps: Deps,
  f: { runId?: string; queue?: string; includeReprocessed?: boolean; limit?: number } = {},
): Promise<DeadLetterRow[]> {
  const { sql } = deps;
  return sql<DeadLetterRow[]>`
    select id::int as "id", run_id as "runId", task_key as "taskKey", queue, job_id as "jobId", payload, error, stack,
      attempts, created_at as "createdAt", reprocessed_at as "reprocessedAt"
    from dead_letters
    where (${f.runId ?? null}::text is null or run_id = ${f.runId ?? null})
      and (${f.queue ?? null}::text is null or queue = ${f.queue ?? null})
      and (${f.includeReprocessed ?? false} or reprocessed_at is null)
    order by created_at desc limit ${f.limit ?? 200}`;
}

export async function reprocessDeadLetter(deps: Deps, id: number): Promise<ResumeResult> {
  const row = (await deps.sql<{ run_id: string; task_key: string }[]>`
    select run_id, task_key from dead_letters where id = ${id} and reprocessed_at is null`)[0];
  if (!row) throw new NotFoundError(`open dead letter ${id}`);
  return resumeRun(deps, row.run_id, { onlyTasks: [row.task_key] });
}

/** Bulk reprocess by run or by queue: one resume per run, covering all its open dead letters. */
export async function reprocessDeadLetters(deps: Deps, f: { runId?: string; queue?: string }): Promise<ResumeResult[]> {
  const open = await listDeadLetters(deps, { ...f, limit: 100_000 });
  const byRun = new Map<string, Set<string>>();
  for (const d of open) {
    const s = byRun.get(d.runId) ?? new Set<string>();
    s.add(d.taskKey);
    byRun.set(d.runId, s);
  }
  const out: ResumeResult[] = [];
  for (const [runId, keys] of byRun) {
    const stillFailed = await deps.sql<{ task_key: string }[]>`
      select task_key from tasks where run_id = ${runId} and task_key = any(${[...keys]}::text[]) and status <> 'completed'`;
    if (stillFailed.length) out.push(await resumeRun(deps, runId, { onlyTasks: stillFailed.map((r) => r.task_key) }));
  }
  return out;
}
