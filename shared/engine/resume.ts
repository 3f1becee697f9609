/**
 * Resume rebuilds a run's remaining work from Postgres alone (Redis is transport): tasks that are not
 * completed — plus the always-run tasks downstream of them (reports, finalisation), which must see the new
 * results — are reset to queued and enqueued as a fresh flow tree in a new epoch. Completed tasks are never
 * executed again; their stored results are reused. Jobs left in Redis from earlier epochs are skipped.
 * With `errors`, the completed cases stored with an `error` outcome (a target that failed, from before target
 * failures were task failures, or a malformed reply) are played again too, with everything downstream of them
 * (judge tasks, tender verdicts, the report): a task is relaunched when a task it depends on is, and either it
 * did not complete, it always runs, or that dependency had completed (its result is being replaced).
 */
import { FINALIZE_KEY, assignFlowParents } from './dag.ts';
import { addFlow, buildFlow, flowTaskOf, type FlowTask } from './flow.ts';
import { NotFoundError, ValidationError } from './errors.ts';
import type { EngineDeps } from './processor.ts';
import { and, eq, inArray, isNull, sql as frag } from 'drizzle-orm';
import { drizzleIn } from '../db/client.ts';
import { caseResults, deadLetters, runs, tasks } from '../db/schema/index.ts';

export interface ResumeResult {
  runId: string;
  epoch: number;
  relaunched: string[];
}

export async function resumeRun(
  deps: Pick<EngineDeps, 'sql' | 'redis' | 'prefix'>,
  runId: string,
  opts: { onlyTasks?: string[]; errors?: boolean } = {},
): Promise<ResumeResult> {
  // A postgres.js transaction with Drizzle on it: the tasks' reset below stays raw, in the same transaction.
  const planned = await deps.sql.begin(async (tx) => {
    const db = drizzleIn(deps.sql, tx);
    const run = (await db.select({ epoch: runs.epoch }).from(runs).where(eq(runs.id, runId)).for('update'))[0];
    if (!run) throw new NotFoundError(`run ${runId}`);
    const t = tasks;
    const rows = await db
      .select({ taskKey: t.taskKey, kind: t.kind, queue: t.queue, status: t.status, dependsOn: t.dependsOn, alwaysRun: t.alwaysRun, maxAttempts: t.maxAttempts })
      .from(t)
      .where(eq(t.runId, runId));
    const byKey = new Map(rows.map((r) => [r.taskKey, r]));
    let seeds: string[];
    if (opts.onlyTasks) {
      const problems = opts.onlyTasks
        .filter((k) => byKey.get(k)?.status === undefined || byKey.get(k)?.status === 'completed')
        .map((k) => `task ${k}: ${byKey.has(k) ? 'already completed' : 'not in this run'}`);
      if (problems.length) throw new ValidationError(problems);
      seeds = opts.onlyTasks;
    } else {
      seeds = rows.filter((r) => r.status !== 'completed').map((r) => r.taskKey);
      if (opts.errors) {
        const errored = await db
          .select({ taskKey: caseResults.taskKey })
          .from(caseResults)
          .where(and(eq(caseResults.runId, runId), eq(caseResults.outcome, 'error')));
        seeds.push(...errored.map((e) => e.taskKey).filter((k) => byKey.get(k)?.status === 'completed'));
      }
    }
    if (seeds.length === 0) return undefined;

    // Closure: whatever depends on a relaunched task and is not completed (canceled because upstream
    // failed), or always runs, is relaunched too.
    const relaunch = new Set(seeds);
    relaunch.add(FINALIZE_KEY);
    for (let grew = true; grew; ) {
      grew = false;
      for (const r of rows) {
        if (relaunch.has(r.taskKey)) continue;
        const upstream = r.dependsOn.filter((d) => relaunch.has(d));
        if (upstream.length && (r.status !== 'completed' || r.alwaysRun || upstream.some((d) => byKey.get(d)?.status === 'completed'))) {
          relaunch.add(r.taskKey);
          grew = true;
        }
      }
    }
    const epoch = run.epoch + 1;
    const sub = [...relaunch].map((k) => {
      const r = byKey.get(k);
      if (!r) throw new Error(`run ${runId}: task ${k} missing`);
      return { key: k, dependsOn: r.dependsOn.filter((d) => relaunch.has(d)), flowParent: null as string | null, row: r };
    });
    assignFlowParents(sub);
    const keys = sub.map((s) => s.key);
    const parents = sub.map((s) => s.flowParent);
    // raw SQL: the resume's task reset, one statement for every relaunched task, each with its own flow parent (unnest) — measured by npm run bench:resume
    await tx`
      update tasks t set status = 'queued', error = null, cancel_reason = null, attempts = 0, worker_id = null,
        started_at = null, finished_at = null, queued_at = now(), flow_parent = v.fp
      from (select unnest(${keys}::text[]) as k, unnest(${parents as string[]}::text[]) as fp) v
      where t.run_id = ${runId} and t.task_key = v.k`;
    await db.update(runs).set({ epoch, status: 'running', cancelRequested: false, finishedAt: null, error: null }).where(eq(runs.id, runId));
    await db
      .update(deadLetters)
      .set({ reprocessedAt: frag`now()` })
      .where(and(eq(deadLetters.runId, runId), inArray(deadLetters.taskKey, keys), isNull(deadLetters.reprocessedAt)));
    const flowTasks: FlowTask[] = sub.map((s) =>
      flowTaskOf({ key: s.key, kind: s.row.kind, queue: s.row.queue, flowParent: s.flowParent, maxAttempts: s.row.maxAttempts, dependsOn: s.row.dependsOn }),
    );
    return { epoch, flowTasks, keys };
  });
  if (!planned) return { runId, epoch: -1, relaunched: [] };
  await addFlow(deps.redis, deps.prefix, buildFlow(runId, planned.epoch, planned.flowTasks));
  return { runId, epoch: planned.epoch, relaunched: planned.keys };
}
