/**
 * Submitting a run: validate the whole DAG first (nothing is written on a bad plan), store the run and its
 * tasks in one transaction, then add the flow tree in one MULTI. If Redis refuses, the stored run is removed
 * again, so a failed submit leaves nothing half-done. An Idempotency-Key returns the run it created before.
 */
import { randomBytes } from 'node:crypto';
import { planTasks, type TaskSpec } from './dag.ts';
import { addFlow, buildFlow, flowTaskOf } from './flow.ts';
import type { EngineDeps } from './processor.ts';
import { insertTasks } from './insert-tasks.ts';
import { eq } from 'drizzle-orm';
import { drizzleOf, type Sql } from '../db/client.ts';
import { runs } from '../db/schema/engine.ts';
import { NUL_REFUSED, nulPaths } from '../db/storable.ts';
import { ValidationError } from './errors.ts';
import { formatPath } from '../scenarios/errors.ts';

export interface SubmitInput {
  name: string;
  plan: string;
  spec: Record<string, unknown>;
  tasks: TaskSpec[];
  /** Values the tasks' payloads refer to as {"$shared": name}, stored once with the run. */
  shared?: Record<string, unknown>;
  idempotencyKey?: string;
}

export interface SubmitResult {
  runId: string;
  created: boolean;
  tasks: number;
}

export function newRunId(): string {
  const d = new Date().toISOString().slice(0, 19).replace(/[-T:]/g, '');
  return `run_${d}_${randomBytes(4).toString('hex')}`;
}

const runByIdempotencyKey = (sql: Sql, key: string) => drizzleOf(sql).select({ id: runs.id }).from(runs).where(eq(runs.idempotencyKey, key));

export async function submitRun(deps: Pick<EngineDeps, 'sql' | 'redis' | 'prefix'>, input: SubmitInput): Promise<SubmitResult> {
  const { sql } = deps;
  const shared = input.shared ?? {};
  refuseNul(input);
  const planned = planTasks(input.tasks, new Set(Object.keys(shared)));
  if (input.idempotencyKey) {
    const prev = await runByIdempotencyKey(sql, input.idempotencyKey);
    if (prev[0]) return { runId: prev[0].id, created: false, tasks: planned.length };
  }
  const runId = newRunId();
  // Built before anything is stored, so a plan the builder cannot turn into jobs leaves nothing behind.
  const flow = buildFlow(runId, 0, planned.map(flowTaskOf));
  // raw SQL: the run's row in the same transaction as its tasks' bulk insert (insert-tasks.ts) — measured by npm run bench:engine (submit time)
  const inserted = await sql.begin(async (tx) => {
    const rows = await tx<{ id: string }[]>`
      insert into runs (id, name, plan, status, spec, shared, idempotency_key, started_at)
      values (${runId}, ${input.name}, ${input.plan}, 'running', ${tx.json(input.spec as Parameters<typeof tx.json>[0])},
              ${tx.json(shared as Parameters<typeof tx.json>[0])}, ${input.idempotencyKey ?? null}, now())
      on conflict (idempotency_key) do nothing returning id`;
    if (!rows[0]) return false;
    await insertTasks(tx as unknown as Sql, runId, planned);
    return true;
  });
  if (!inserted) {
    // Lost a race with the same Idempotency-Key.
    const prev = await runByIdempotencyKey(sql, input.idempotencyKey ?? '');
    return { runId: prev[0]?.id ?? runId, created: false, tasks: planned.length };
  }
  try {
    await addFlow(deps.redis, deps.prefix, flow);
  } catch (err) {
    // Rolled back; if Postgres is away too, the run stays `running` with every task queued, and
    // `resume` (or POST /runs/:id/resume) enqueues it from Postgres alone.
    await drizzleOf(sql).delete(runs).where(eq(runs.id, runId)).catch(() => {});
    throw err;
  }
  return { runId, created: true, tasks: planned.length };
}

/**
 * A run is what its submitter gave (a test case, a target file, a request): Postgres cannot store a NUL in it, and
 * storing it as ␀ would run something else than was asked. So it is refused before anything is written, naming the
 * place (`tasks[3].payload.case.input`), which a test case's own loader names by file and line before this.
 */
function refuseNul(input: SubmitInput): void {
  const parts: [string, unknown][] = [['name', input.name], ['spec', input.spec], ['shared', input.shared ?? {}], ...input.tasks.map((t, i): [string, unknown] => [`tasks[${i}]`, t])];
  const problems = parts.flatMap(([root, v]) => nulPaths(v).map((p) => `${formatPath([root, ...p])}: ${NUL_REFUSED}`));
  if (problems.length) throw new ValidationError(problems);
}
