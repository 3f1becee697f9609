/** Dead letters: tasks that exhausted their retries. Reprocessing relaunches them so their run can complete. */
import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { drizzleOf } from '../db/client.ts';
import { deadLetters, tasks } from '../db/schema/engine.ts';
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
  const d = deadLetters;
  return drizzleOf(deps.sql)
    .select({
      id: d.id,
      runId: d.runId,
      taskKey: d.taskKey,
      queue: d.queue,
      jobId: d.jobId,
      payload: d.payload,
      error: d.error,
      stack: d.stack,
      attempts: d.attempts,
      createdAt: d.createdAt,
      reprocessedAt: d.reprocessedAt,
    })
    .from(d)
    .where(
      and(
        f.runId === undefined ? undefined : eq(d.runId, f.runId),
        f.queue === undefined ? undefined : eq(d.queue, f.queue),
        f.includeReprocessed ? undefined : isNull(d.reprocessedAt),
      ),
    )
    .orderBy(desc(d.createdAt))
    .limit(f.limit ?? 200);
}

export async function reprocessDeadLetter(deps: Deps, id: number): Promise<ResumeResult> {
  const d = deadLetters;
  const row = (await drizzleOf(deps.sql).select({ runId: d.runId, taskKey: d.taskKey }).from(d).where(and(eq(d.id, id), isNull(d.reprocessedAt))))[0];
  if (!row) throw new NotFoundError(`open dead letter ${id}`);
  return resumeRun(deps, row.runId, { onlyTasks: [row.taskKey] });
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
    const stillFailed = await drizzleOf(deps.sql)
      .select({ taskKey: tasks.taskKey })
      .from(tasks)
      .where(and(eq(tasks.runId, runId), inArray(tasks.taskKey, [...keys]), ne(tasks.status, 'completed')));
    if (stillFailed.length) out.push(await resumeRun(deps, runId, { onlyTasks: stillFailed.map((r) => r.taskKey) }));
  }
  return out;
}
