/**
 * Run expansion ("stage-by-stage"): a running task adds tasks to its own run — e.g. the ingester, once it
 * knows the day's new bandi, adds each tender's conversations and verdict. The new tasks are stored in
 * Postgres (so resume sees them like any other), the task they attach to (still waiting on its children,
 * typically the report) gets them as dependencies, and their flow subtrees are added under its BullMQ job.
 * Idempotent: a retried expansion inserts nothing twice and BullMQ ignores the same job ids.
 */
import { assignFlowParents, sinksOf, validateTaskSpecs, type TaskSpec } from './dag.ts';
import { addFlows, buildAttachedFlows, flowTaskOf } from './flow.ts';
import { ValidationError } from './errors.ts';
import { insertTasks } from './insert-tasks.ts';
import { eq } from 'drizzle-orm';
import { drizzleOf, type Sql } from '../db/client.ts';
import { storable } from '../db/storable.ts';
import { runs, tasks } from '../db/schema/engine.ts';
import type { EngineDeps } from './processor.ts';

export async function expandRun(
  deps: Pick<EngineDeps, 'sql' | 'redis' | 'prefix'>,
  a: { runId: string; epoch: number; attachTo: string; tasks: TaskSpec[] },
): Promise<{ added: number }> {
  const { sql } = deps;
  if (a.tasks.length === 0) return { added: 0 };
  const db = drizzleOf(sql);
  const existing = await db.select({ taskKey: tasks.taskKey, queue: tasks.queue, status: tasks.status }).from(tasks).where(eq(tasks.runId, a.runId));
  const attach = existing.find((t) => t.taskKey === a.attachTo);
  if (!attach) throw new ValidationError([`attachTo: no task "${a.attachTo}" in run ${a.runId}`]);
  if (attach.status !== 'queued') throw new ValidationError([`attachTo: task "${a.attachTo}" is ${attach.status}, not waiting`]);
  const newKeys = new Set(a.tasks.map((t) => t.key));
  // A retried expansion: the tasks it added before are already there; add only what is missing.
  const known = new Set(existing.map((t) => t.taskKey).filter((k) => !newKeys.has(k)));
  const already = new Set(existing.map((t) => t.taskKey).filter((k) => newKeys.has(k)));
  const shared = (await db.select({ shared: runs.shared }).from(runs).where(eq(runs.id, a.runId)))[0]?.shared ?? {};
  const planned = validateTaskSpecs(a.tasks, known, new Set(Object.keys(shared)));
  const sinks = sinksOf(planned);
  const withRoot = [...planned, { key: a.attachTo, dependsOn: sinks, flowParent: null as string | null }];
  assignFlowParents(withRoot);
  for (const p of planned) p.flowParent = withRoot.find((w) => w.key === p.key)?.flowParent ?? a.attachTo;
  await sql.begin(async (tx) => {
    // Through `storable`: a task adds tasks made of what it read or was told (a generator model's questions).
    const added = planned.filter((t) => !already.has(t.key)).map((t) => ({ ...t, payload: storable(t.payload) }));
    await insertTasks(tx as unknown as Sql, a.runId, added, { ignoreExisting: true });
    // raw SQL: the attach task's depends_on grows by the new sinks as one atomic array union (concurrent expansions keep each other's), an array operation Drizzle lacks
    await tx`update tasks set depends_on = array(select distinct unnest(depends_on || ${sinks}::text[]))
      where run_id = ${a.runId} and task_key = ${a.attachTo}`;
  });
  const flows = buildAttachedFlows(
    a.runId,
    a.epoch,
    planned.map(flowTaskOf),
    { key: a.attachTo, queue: attach.queue },
    deps.prefix,
  );
  await addFlows(deps.redis, deps.prefix, flows);
  return { added: planned.length - already.size };
}
