/** Turns stored tasks into one BullMQ flow tree and adds it atomically. */
import { FlowProducer, type FlowJob } from 'bullmq';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { FINALIZE_KEY } from './dag.ts';
import { getKind } from './kinds.ts';
import { batchQueueOf } from '../../queues/index.ts';

export const jobDataSchema = z.object({
  runId: z.string(),
  /** The task (for a batch job, its first task). */
  taskKey: z.string(),
  epoch: z.number().int().nonnegative(),
  /** A batch job's tasks (taskKey first). */
  taskKeys: z.array(z.string()).min(2).optional(),
  /**
   * Tasks of this batch that failed for good in an earlier attempt of the job, which is running again for
   * the others: skipped. (Without this note, a failed task in a re-delivered job means a manual retry.)
   */
  settled: z.array(z.string()).optional(),
  /**
   * Tasks this batch job handed back to the queue as a job of their own (hand-off.ts): re-added, by the same
   * job id, if the job is delivered again (a crash between narrowing this job and adding that one).
   */
  handedOff: z.array(z.string()).min(1).optional(),
});
export type JobData = z.infer<typeof jobDataSchema>;

/** The tasks a job carries. */
export const jobTaskKeys = (d: JobData): string[] => d.taskKeys ?? [d.taskKey];

export interface FlowTask {
  key: string;
  kind: string;
  queue: string;
  flowParent: string | null;
  maxAttempts: number;
  backoffMs: number;
  /** Only batchable tasks with the same dependencies share a batch job. */
  dependsOn?: string[];
  batchable?: boolean;
}

/** A stored or planned task as the flow builder needs it (retry and batching policy from its kind). */
export function flowTaskOf(t: { key: string; kind: string; queue: string; flowParent: string | null; maxAttempts: number; dependsOn: string[] }): FlowTask {
  const kind = getKind(t.kind);
  return {
    key: t.key,
    kind: t.kind,
    queue: t.queue,
    flowParent: t.flowParent,
    maxAttempts: t.maxAttempts,
    dependsOn: t.dependsOn,
    backoffMs: kind?.backoffMs ?? 1000,
    batchable: kind?.batchable ?? false,
  };
}

export function jobIdFor(runId: string, taskKey: string, epoch: number): string {
  return `${runId}.${taskKey}.e${epoch}`;
}

/** A batch job's id: its first task and size (task keys never contain '+'), so a rebuilt flow gets the same ids. */
export function batchJobIdFor(runId: string, taskKeys: string[], epoch: number): string {
  return `${runId}.${taskKeys[0]}+${taskKeys.length}.e${epoch}`;
}

export function buildFlow(runId: string, epoch: number, tasks: FlowTask[]): FlowJob {
  const root = tasks.find((t) => t.key === FINALIZE_KEY);
  if (!root) throw new Error(`run ${runId}: no ${FINALIZE_KEY} task`);
  const { build, reached } = flowBuilder(runId, epoch, tasks, FINALIZE_KEY);
  const tree = build([root], false)[0]!;
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
  const { build, reached } = flowBuilder(runId, epoch, tasks, attachTo.key);
  const parent = { id: jobIdFor(runId, attachTo.key, epoch), queue: `${prefix}:${attachTo.queue}` };
  const flows = build(tasks.filter((t) => t.flowParent === attachTo.key), true).map((f) => ({ ...f, opts: { ...f.opts, parent } }));
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
  const jobOf = (ts: FlowTask[], queue: string, isChild: boolean, kids: FlowJob[]): FlowJob => {
    const t = ts[0]!;
    for (const x of ts) reached.add(x.key);
    const batch = ts.length > 1;
    const data: JobData = batch ? { runId, taskKey: t.key, epoch, taskKeys: ts.map((x) => x.key) } : { runId, taskKey: t.key, epoch };
    return {
      name: t.kind,
      queueName: queue,
      data,
      // Flow jobs do not inherit a Queue's defaultJobOptions: every option is set here.
      opts: {
        jobId: batch ? batchJobIdFor(runId, data.taskKeys!, epoch) : jobIdFor(runId, t.key, epoch),
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
      children: kids.length ? kids : undefined,
    };
  };
  /** Batchable leaves go into batch jobs with their siblings instead of getting a node of their own. */
  const batched = (k: FlowTask) => k.batchable === true && !children.has(k.key) && batchQueueOf(k.queue) !== undefined;
  /**
   * Sibling jobs: batchable leaves of one kind with the same dependencies go, up to the batch size, into one
   * job on their queue's batch queue (in order, so the same tasks always make the same batches); the rest,
   * and a batch of one, are jobs of their own (already built, in `built`).
   */
  const siblings = (kids: FlowTask[], built: Map<string, FlowJob>): FlowJob[] => {
    const out: FlowJob[] = [];
    const groups = new Map<string, FlowTask[]>();
    for (const k of kids) {
      if (!batched(k)) {
        out.push(built.get(k.key)!);
        built.delete(k.key);
        continue;
      }
      const g = `${k.queue}\u0000${k.kind}\u0000${[...(k.dependsOn ?? [])].sort().join('\u0001')}`;
      const list = groups.get(g) ?? [];
      list.push(k);
      groups.set(g, list);
    }
    for (const list of groups.values()) {
      const bq = batchQueueOf(list[0]!.queue)!;
      for (let i = 0; i < list.length; i += bq.size) {
        const chunk = list.slice(i, i + bq.size);
        out.push(chunk.length === 1 ? jobOf(chunk, chunk[0]!.queue, true, []) : jobOf(chunk, bq.name, true, []));
      }
    }
    return out;
  };
  /**
   * The flow jobs of `tops` and everything under them, built children first with an explicit stack: a flow
   * tree is as deep as the run's longest dependency chain, which recursion could not follow past a few
   * thousand levels.
   */
  const build = (tops: FlowTask[], topsAreChildren: boolean): FlowJob[] => {
    const built = new Map<string, FlowJob>();
    const topKeys = new Set(tops.map((t) => t.key));
    const stack: { t: FlowTask; open: boolean }[] = tops.filter((t) => !topsAreChildren || !batched(t)).map((t) => ({ t, open: false }));
    while (stack.length) {
      const frame = stack.pop()!;
      const kids = children.get(frame.t.key) ?? [];
      if (frame.open) {
        const isChild = topsAreChildren || !topKeys.has(frame.t.key);
        built.set(frame.t.key, jobOf([frame.t], frame.t.queue, isChild, siblings(kids, built)));
        continue;
      }
      frame.open = true;
      stack.push(frame);
      for (const k of kids) if (!batched(k)) stack.push({ t: k, open: false });
    }
    return topsAreChildren ? siblings(tops, built) : tops.map((t) => built.get(t.key)!);
  };
  return { build, reached };
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
