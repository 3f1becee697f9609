/** Turns stored tasks into one BullMQ flow tree and adds it atomically. */
import { FlowProducer, type FlowJob } from 'bullmq';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { FINALIZE_KEY } from './dag.ts';

export const jobDataSchema = z.object({
  runId: z.string(),
  taskKey: z.string(),
  epoch: z.number().int().nonnegative(),
});
export type JobData = z.infer<typeof jobDataSchema>;

export interface FlowTask {
  key: string;
  kind: string;
  queue: string;
  flowParent: string | null;
  maxAttempts: number;
  backoffMs: number;
}

export function jobIdFor(runId: string, taskKey: string, epoch: number): string {
  return `${runId}.${taskKey}.e${epoch}`;
}

export function buildFlow(runId: string, epoch: number, tasks: FlowTask[]): FlowJob {
  const root = tasks.find((t) => t.key === FINALIZE_KEY);
  if (!root) throw new Error(`run ${runId}: no ${FINALIZE_KEY} task`);
  const { node, reached } = flowBuilder(runId, epoch, tasks, FINALIZE_KEY);
  const tree = node(root, false);
  if (reached.size !== tasks.length) {
    const lost = tasks.filter((t) => !reached.has(t.key)).map((t) => t.key);
    throw new Error(`run ${runId}: tasks not reachable from ${FINALIZE_KEY}: ${lost.slice(0, 5).join(', ')}`);
  }
  return tree;
}

/**
 * Subtrees of new tasks hanging under an existing, still waiting task `attachTo` (run expansion): each top
 * task gets BullMQ's `parent` option, so the waiting job also waits for them.
 */
export function buildAttachedFlows(
  runId: string,
  epoch: number,
  tasks: FlowTask[],
  attachTo: { key: string; queue: string },
  prefix: string,
): FlowJob[] {
  const { node, reached } = flowBuilder(runId, epoch, tasks, attachTo.key);
  const parent = { id: jobIdFor(runId, attachTo.key, epoch), queue: `${prefix}:${attachTo.queue}` };
  const flows = tasks
    .filter((t) => t.flowParent === attachTo.key)
    .map((t) => {
      const f = node(t, true);
      return { ...f, opts: { ...f.opts, parent } };
    });
  if (reached.size !== tasks.length) throw new Error(`run ${runId}: expansion has tasks not reachable from ${attachTo.key}`);
  return flows;
}

function flowBuilder(runId: string, epoch: number, tasks: FlowTask[], rootKey: string) {
  const children = new Map<string, FlowTask[]>();
  for (const t of tasks) {
    if (t.key === rootKey) continue;
    const p = t.flowParent ?? rootKey;
    const list = children.get(p) ?? [];
    list.push(t);
    children.set(p, list);
  }
  const reached = new Set<string>();
  const node = (t: FlowTask, isChild: boolean): FlowJob => {
    reached.add(t.key);
    const data: JobData = { runId, taskKey: t.key, epoch };
    const kids = children.get(t.key) ?? [];
    return {
      name: t.kind,
      queueName: t.queue,
      data,
      // Flow jobs do not inherit a Queue's defaultJobOptions: every option is set here.
      opts: {
        jobId: jobIdFor(runId, t.key, epoch),
        attempts: t.maxAttempts,
        backoff: { type: 'exponential', delay: t.backoffMs, jitter: 0.5 },
        // Results live in Postgres; completed jobs leave Redis at once so its memory returns to baseline.
        removeOnComplete: true,
        // Failed jobs stay a week for inspection in Bull Board (their dead letter is in Postgres).
        removeOnFail: { age: 7 * 24 * 3600, count: 10_000 },
        // A child failing after its retries must not block or fail the parent: the parent runs, sees the
        // failure in Postgres and is canceled (or, for always-run tasks, runs anyway).
        ...(isChild ? { ignoreDependencyOnFailure: true } : {}),
      },
      children: kids.length ? kids.map((k) => node(k, true)) : undefined,
    };
  };
  return { node, reached };
}

export async function addFlows(redis: Redis, prefix: string, flows: FlowJob[]): Promise<void> {
  const producer = new FlowProducer({ connection: redis, prefix });
  try {
    await producer.addBulk(flows);
  } finally {
    await producer.close();
  }
}

export async function addFlow(redis: Redis, prefix: string, flow: FlowJob): Promise<void> {
  const producer = new FlowProducer({ connection: redis, prefix });
  try {
    await producer.add(flow);
  } finally {
    await producer.close();
  }
}
