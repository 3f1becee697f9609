/**
 * A run's DAG as submitted (tasks with dependsOn), its validation, and its mapping onto BullMQ flows.
 *
 * BullMQ flows are trees (a job has one parent; a parent runs after all its children). A DAG node may have
 * several dependents, so each task gets ONE flow parent (one of its dependents); the other dependency
 * edges are enforced when the dependent is picked up (it waits, delayed, until those dependencies are
 * terminal in Postgres). Every run has one synthetic root, `_finalize`, depending on every sink, so a run is
 * always a single flow tree, added atomically (one MULTI) — never half-enqueued.
 */
import { z } from 'zod';
import { isQueueName, type QueueName } from '../../queues/index.ts';
import { getKind } from './kinds.ts';
import { ValidationError } from './errors.ts';
import { sharedRefsOf } from './shared-values.ts';

export const FINALIZE_KEY = '_finalize';
export const FINALIZE_KIND = 'engine.finalize';

export const taskKeySchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_.\-/@]+$/, 'letters, digits and _ . - / @ only (no ":" or spaces)');

export const taskSpecSchema = z.object({
  key: taskKeySchema,
  kind: z.string().min(1),
  payload: z.unknown().default({}),
  dependsOn: z.array(taskKeySchema).default([]),
  /** Override the kind's queue (e.g. to route a test kind to another service). */
  queue: z.string().optional(),
});
export type TaskSpec = z.input<typeof taskSpecSchema>;

/**
 * Explicit plan limits, each a 400 naming it. Tasks: what one run's rows and one MULTI of jobs can hold
 * comfortably. Depth (the longest dependency chain): each level of the flow tree starts only when the one
 * below has finished, so a deeper run is a queue of thousands of sequential jobs rather than a test plan.
 */
export const PLAN_LIMITS = { tasks: 200_000, depth: 5_000 } as const;

export interface PlannedTask {
  key: string;
  kind: string;
  queue: QueueName;
  payload: unknown;
  dependsOn: string[];
  alwaysRun: boolean;
  maxAttempts: number;
  timeoutMs: number;
  flowParent: string | null;
}

/**
 * Validate a task list and produce the tasks to store, `_finalize` included. Throws ValidationError.
 * `shared` names the run's shared values that payloads may refer to (see shared-values.ts).
 */
export function planTasks(input: TaskSpec[], shared: ReadonlySet<string> = new Set()): PlannedTask[] {
  if (input.length === 0) throw new ValidationError(['tasks: a run needs at least one task']);
  if (input.length > PLAN_LIMITS.tasks) {
    throw new ValidationError([`tasks: ${input.length} tasks; the limit is ${PLAN_LIMITS.tasks} tasks per run`]);
  }
  const planned = validateTaskSpecs(input, new Set(), shared);
  const depth = longestChain(planned);
  if (depth > PLAN_LIMITS.depth) {
    throw new ValidationError([`tasks: the longest dependency chain has ${depth} tasks; the limit is ${PLAN_LIMITS.depth}`]);
  }
  const sinks = sinksOf(planned);
  const fin = getKind(FINALIZE_KIND);
  if (!fin) throw new Error(`${FINALIZE_KIND} kind not registered (import shared/tasks/index.ts)`);
  planned.push({
    key: FINALIZE_KEY,
    kind: FINALIZE_KIND,
    queue: fin.queue,
    payload: {},
    dependsOn: sinks,
    alwaysRun: true,
    maxAttempts: fin.attempts,
    timeoutMs: fin.timeoutMs,
    flowParent: null,
  });
  assignFlowParents(planned);
  return planned;
}

/**
 * Validate tasks being added to a run (`existing` = keys already in it, which they may depend on).
 * Names every problem; returns the tasks with no flow parent assigned.
 */
export function validateTaskSpecs(input: TaskSpec[], existing: ReadonlySet<string>, shared: ReadonlySet<string> = new Set()): PlannedTask[] {
  const problems: string[] = [];
  const parsed = input.map((t, i) => {
    const r = taskSpecSchema.safeParse(t);
    if (!r.success) {
      for (const issue of r.error.issues) problems.push(`tasks[${i}].${issue.path.join('.')}: ${issue.message}`);
      return undefined;
    }
    return r.data;
  });
  if (problems.length) throw new ValidationError(problems);
  const specs = parsed as z.output<typeof taskSpecSchema>[];
  const byKey = new Map<string, z.output<typeof taskSpecSchema>>();
  specs.forEach((t, i) => {
    if (t.key === FINALIZE_KEY) problems.push(`tasks[${i}].key: "${FINALIZE_KEY}" is reserved`);
    if (byKey.has(t.key) || existing.has(t.key)) problems.push(`tasks[${i}].key: duplicate key "${t.key}"`);
    byKey.set(t.key, t);
  });
  const planned: PlannedTask[] = [];
  specs.forEach((t, i) => {
    const kind = getKind(t.kind);
    if (!kind) {
      problems.push(`tasks[${i}].kind: unknown task kind "${t.kind}"`);
      return;
    }
    for (const ref of sharedRefsOf(t.payload)) {
      if (!shared.has(ref.name)) problems.push(`tasks[${i}].payload.${ref.field}: no shared value "${ref.name}" in this run`);
    }
    const payload = kind.payload.safeParse(t.payload);
    if (!payload.success) {
      for (const issue of payload.error.issues) {
        problems.push(`tasks[${i}].payload.${issue.path.join('.')}: ${issue.message}`);
      }
    }
    if (t.queue !== undefined && !isQueueName(t.queue)) problems.push(`tasks[${i}].queue: unknown queue "${t.queue}"`);
    t.dependsOn.forEach((d, j) => {
      if (!byKey.has(d) && !existing.has(d)) problems.push(`tasks[${i}].dependsOn[${j}]: no task with key "${d}"`);
      if (d === t.key) problems.push(`tasks[${i}].dependsOn[${j}]: a task cannot depend on itself`);
    });
    planned.push({
      key: t.key,
      kind: t.kind,
      queue: (t.queue as QueueName | undefined) ?? kind.queue,
      payload: payload.success ? payload.data : t.payload,
      dependsOn: [...new Set(t.dependsOn)],
      alwaysRun: kind.alwaysRun ?? false,
      maxAttempts: kind.attempts,
      timeoutMs: kind.timeoutMs,
      flowParent: null,
    });
  });
  if (problems.length) throw new ValidationError(problems);
  const cycle = findCycle(planned.map((p) => ({ key: p.key, dependsOn: p.dependsOn.filter((d) => byKey.has(d)) })));
  if (cycle) throw new ValidationError([`tasks: dependency cycle ${cycle.join(' -> ')}`]);
  return planned;
}

export function sinksOf(tasks: Pick<PlannedTask, 'key' | 'dependsOn'>[]): string[] {
  const hasDependent = new Set(tasks.flatMap((t) => t.dependsOn));
  return tasks.filter((t) => !hasDependent.has(t.key)).map((t) => t.key);
}

/**
 * Depth-first walk along dependencies without recursion (a 100,000-task chain must not overflow the stack).
 * `enter` is called when a task is first reached; a dependency met while its task is still open is a cycle.
 * `leave` is called once all of a task's dependencies have been left.
 */
function walkDeps(
  roots: string[],
  depsOf: (k: string) => readonly string[],
  leave: (k: string) => void,
): string[] | undefined {
  const state = new Map<string, 1 | 2>();
  for (const root of roots) {
    if (state.has(root)) continue;
    // Each frame: a task, its dependencies and the index of the next one to look at.
    const stack: { k: string; deps: readonly string[]; i: number }[] = [{ k: root, deps: depsOf(root), i: 0 }];
    state.set(root, 1);
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      if (top.i < top.deps.length) {
        const d = top.deps[top.i++]!;
        const s = state.get(d);
        if (s === 1) {
          const path = stack.map((f) => f.k);
          return [...path.slice(path.indexOf(d)), d];
        }
        if (s === undefined) {
          state.set(d, 1);
          stack.push({ k: d, deps: depsOf(d), i: 0 });
        }
        continue;
      }
      stack.pop();
      state.set(top.k, 2);
      leave(top.k);
    }
  }
  return undefined;
}

export function findCycle(tasks: Pick<PlannedTask, 'key' | 'dependsOn'>[]): string[] | undefined {
  const deps = new Map(tasks.map((t) => [t.key, t.dependsOn]));
  return walkDeps(
    tasks.map((t) => t.key),
    (k) => deps.get(k) ?? [],
    () => {},
  );
}

/** Topological order (dependencies first). The tasks must be acyclic. */
export function topoOrder<T extends Pick<PlannedTask, 'key' | 'dependsOn'>>(tasks: T[]): T[] {
  const byKey = new Map(tasks.map((t) => [t.key, t]));
  const out: T[] = [];
  walkDeps(
    tasks.map((t) => t.key),
    (k) => (byKey.get(k)?.dependsOn ?? []).filter((d) => byKey.has(d)),
    (k) => out.push(byKey.get(k)!),
  );
  return out;
}

/** The number of tasks on the longest dependency chain (the depth of the run's flow tree). Acyclic tasks. */
export function longestChain(tasks: Pick<PlannedTask, 'key' | 'dependsOn'>[]): number {
  const depth = new Map<string, number>();
  let max = 0;
  for (const t of topoOrder(tasks)) {
    let d = 1;
    for (const k of t.dependsOn) d = Math.max(d, 1 + (depth.get(k) ?? 0));
    depth.set(t.key, d);
    if (d > max) max = d;
  }
  return max;
}

/**
 * Give each task (but the root) one flow parent among its dependents within `tasks`: the dependent that
 * comes last in topological order, since it is the likeliest to (transitively) wait for the others anyway.
 */
export function assignFlowParents(tasks: Pick<PlannedTask, 'key' | 'dependsOn' | 'flowParent'>[]): void {
  const order = new Map(topoOrder(tasks).map((t, i) => [t.key, i]));
  const keys = new Set(tasks.map((t) => t.key));
  const best = new Map<string, string>();
  for (const t of tasks) {
    for (const d of t.dependsOn) {
      if (!keys.has(d)) continue;
      const cur = best.get(d);
      if (cur === undefined || (order.get(t.key) ?? 0) > (order.get(cur) ?? 0)) best.set(d, t.key);
    }
  }
  for (const t of tasks) t.flowParent = t.key === FINALIZE_KEY ? null : (best.get(t.key) ?? FINALIZE_KEY);
}
