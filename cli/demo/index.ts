/**
 * The demo suite. Until the evaluation plans land this is a small engine DAG (fan-out, fan-in, a flaky task
 * that recovers through retries) so a fresh clone shows the engine working end to end.
 */
import type { Sql } from '../../shared/db/client.ts';
import type { Redis } from 'ioredis';
import type { Config } from '../../shared/config.ts';
import type { TaskSpec } from '../../shared/engine/dag.ts';
import type { RunDetail } from '../../shared/engine/runs.ts';

export interface DemoDeps {
  sql: Sql;
  redis: Redis;
  prefix: string;
  config: Config;
}

export interface Demo {
  name: string;
  plan: string;
  spec: Record<string, unknown>;
  tasks: TaskSpec[];
  cleanup?: () => Promise<void>;
}

export async function buildDemo(_deps: DemoDeps, _opts: { faults: string[] }, _out: NodeJS.WritableStream): Promise<Demo> {
  const leaves = Array.from({ length: 20 }, (_, i) => ({ key: `leaf-${i}`, kind: 'test.sleep', payload: { ms: 50 + i * 10 }, dependsOn: ['start'] }));
  return {
    name: 'engine demo',
    plan: 'dag',
    spec: { demo: 'engine' },
    tasks: [
      { key: 'start', kind: 'test.noop', payload: { value: 1 } },
      ...leaves,
      { key: 'flaky', kind: 'test.fail', payload: { times: 1 }, dependsOn: ['start'] },
      { key: 'sum', kind: 'test.sum', dependsOn: [...leaves.map((l) => l.key), 'flaky'] },
    ],
  };
}

export async function printDemoSummary(deps: DemoDeps, run: RunDetail, _demo: Demo, out: NodeJS.WritableStream): Promise<number> {
  out.write(`\nrun ${run.id}: ${run.status} — ${run.counts.completed}/${run.counts.total} tasks completed\n`);
  const slow = await deps.sql<{ task_key: string; latency_ms: number; executions: number }[]>`
    select task_key, latency_ms, executions from tasks where run_id = ${run.id} order by task_key`;
  const retried = slow.filter((t) => t.executions > 1).map((t) => `${t.task_key} (${t.executions} attempts)`);
  if (retried.length) out.write(`retried: ${retried.join(', ')}\n`);
  return run.status === 'completed' ? 0 : 1;
}
