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
import type { TaskStatus } from '../db/schema/engine.ts';

interface Row {
  task_key: string;
  kind: string;
  queue: string;
  status: TaskStatus;
  depends_on: string[];
  always_run: boolean;
  max_attempts: number;
}

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
  const { sql } = deps;
  const planned = await sql.begin(async (tx) => {
    // raw SQL: resume transaction (row lock on the run, epoch bump, task resets) — not converted this session
    const run = (await tx<{ epoch: number }[]>`select epoch from runs where id = ${runId} for update`)[0];
    if (!run) throw new NotFoundError(`run ${runId}`);
    const rows = await tx<Row[]>`
      select task_key, kind, queue, status, depends_on, always_run, max_attempts from tasks where run_id = ${runId}`;
    const byKey = new Map(rows.map((r) => [r.task_key, r]));
    let seeds: string[];
    if (opts.onlyTasks) {
      const problems = opts.onlyTasks
        .filter((k) => byKey.get(k)?.status === undefined || byKey.get(k)?.status === 'completed')
        .map((k) => `task ${k}: ${byKey.has(k) ? 'already completed' : 'not in this run'}`);
      if (problems.length) throw new ValidationError(problems);
      seeds = opts.onlyTasks;
    } else {
      seeds = rows.filter((r) => r.status !== 'completed').map((r) => r.task_key);
      if (opts.errors) {
        // raw SQL: resume transaction (row lock on the run, epoch bump, task resets) — not converted this session
        const errored = await tx<{ task_key: string }[]>`
          select task_key from case_results where run_id = ${runId} and outcome = 'error'`;
        seeds.push(...errored.map((e) => e.task_key).filter((k) => byKey.get(k)?.status === 'completed'));
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
        if (relaunch.has(r.task_key)) continue;
        const upstream = r.depends_on.filter((d) => relaunch.has(d));
        if (upstream.length && (r.status !== 'completed' || r.always_run || upstream.some((d) => byKey.get(d)?.status === 'completed'))) {
          relaunch.add(r.task_key);
          grew = true;
        }
      }
    }
    const epoch = run.epoch + 1;
    const sub = [...relaunch].map((k) => {
      const r = byKey.get(k);
      if (!r) throw new Error(`run ${runId}: task ${k} missing`);
      return { key: k, dependsOn: r.depends_on.filter((d) => relaunch.has(d)), flowParent: null as string | null, row: r };
    });
    assignFlowParents(sub);
    const keys = sub.map((s) => s.key);
    const parents = sub.map((s) => s.flowParent);
    // raw SQL: resume transaction (row lock on the run, epoch bump, task resets) — not converted this session
    await tx`
      update tasks t set status = 'queued', error = null, cancel_reason = null, attempts = 0, worker_id = null,
        started_at = null, finished_at = null, queued_at = now(), flow_parent = v.fp
      from (select unnest(${keys}::text[]) as k, unnest(${parents as string[]}::text[]) as fp) v
      where t.run_id = ${runId} and t.task_key = v.k`;
    await tx`update runs set epoch = ${epoch}, status = 'running', cancel_requested = false, finished_at = null,
      error = null where id = ${runId}`;
    await tx`update dead_letters set reprocessed_at = now()
      where run_id = ${runId} and task_key = any(${keys}::text[]) and reprocessed_at is null`;
    const flowTasks: FlowTask[] = sub.map((s) =>
      flowTaskOf({ key: s.key, kind: s.row.kind, queue: s.row.queue, flowParent: s.flowParent, maxAttempts: s.row.max_attempts, dependsOn: s.row.depends_on }),
    );
    return { epoch, flowTasks, keys };
  });
  if (!planned) return { runId, epoch: -1, relaunched: [] };
  await addFlow(deps.redis, deps.prefix, buildFlow(runId, planned.epoch, planned.flowTasks));
  return { runId, epoch: planned.epoch, relaunched: planned.keys };
}
