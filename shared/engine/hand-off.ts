/**
 * Batch hand-off (issue 22, batch hoarding): a batch job carries up to 16 tasks, but a process can only play
 * as many at once as it has free slots. Before claiming, a batch job keeps the tasks it has a slot for right
 * now and gives the rest back to the queue as a new batch job under the same flow parent, so another process
 * (or this one, when a slot frees) takes them. Known gap: a crash in the moment between adding that job and
 * clearing the note that asks for it re-adds it on redelivery, and if it has already run and left Redis by
 * then, its unfinished tasks may be played twice. A process therefore never marks running more tasks than it is
 * playing, and a second process is never idle while the first holds a queue of claimed cases.
 */
import { DelayedError, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { addFlows, batchJobIdFor, jobTaskKeys, type JobData } from './flow.ts';
import type { Slots } from './slots.ts';

/** How long a batch job that found no free slot waits before the queue offers it again (plus jitter). */
const NO_SLOT_DELAY_MS = 200;

export interface KeptBatch {
  /** The job's data after the hand-off: only the tasks kept. */
  data: JobData;
  /** Slots taken for the kept tasks (to be used by them or released). */
  reserved: number;
}

/** The job a batch's handed-off tasks become: same name, queue, retry policy and flow parent. */
async function addHandedOff(job: Job, data: JobData, keys: string[], redis: Redis, prefix: string): Promise<void> {
  const parent = job.parent;
  if (!parent?.id) throw new Error(`batch job ${job.id} has no flow parent to hand tasks to`);
  const { parent: _old, jobId: _id, delay: _delay, ...opts } = job.opts as Job['opts'] & { parent?: unknown };
  // Tasks failed for good in an earlier attempt stay settled in the new job (else it would take them for a
  // manual retry and reprocess them).
  const settled = data.settled?.filter((k) => keys.includes(k));
  const handed: JobData = {
    runId: data.runId,
    taskKey: keys[0]!,
    epoch: data.epoch,
    ...(keys.length > 1 ? { taskKeys: keys } : {}),
    ...(settled?.length ? { settled } : {}),
  };
  await addFlows(redis, prefix, [
    {
      name: job.name,
      queueName: job.queueName,
      data: handed,
      // Same id whenever the same tasks are handed off: adding it again (a redelivered job) is a no-op.
      opts: { ...opts, jobId: batchJobIdFor(data.runId, keys, data.epoch), parent: { id: parent.id, queue: parent.queueKey }, ignoreDependencyOnFailure: true },
    },
  ]);
}

/**
 * Keeps the tasks of a batch job this process can start now. No free slot: the job goes back to the queue
 * (delayed briefly, no attempt used) and this process holds none of its tasks. A job without a flow parent
 * (nothing to hang a new job under), or on a retry, keeps every task, as before.
 */
export async function keepWhatFits(job: Job, delivered: JobData, slots: Slots, deps: { redis: Redis; prefix: string }, token?: string): Promise<KeptBatch> {
  let data = delivered;
  if (data.handedOff) {
    await addHandedOff(job, data, data.handedOff, deps.redis, deps.prefix);
    const { handedOff: _done, ...rest } = data;
    data = rest;
    await job.updateData(data);
  }
  const keys = jobTaskKeys(data);
  // Only a first attempt is split: a job handed off starts its attempts from zero, so tasks moved on a retry
  // would get more attempts than their policy allows. A retry waits for slots as before.
  if (!job.parent?.id || job.attemptsMade > 0) return { data, reserved: 0 };
  const reserved = slots.tryReserve(keys.length);
  if (reserved === 0) {
    await job.moveToDelayed(Date.now() + NO_SLOT_DELAY_MS + Math.floor(Math.random() * NO_SLOT_DELAY_MS), token);
    throw new DelayedError();
  }
  if (reserved === keys.length) return { data, reserved };
  try {
    const mine = keys.slice(0, reserved);
    const rest = keys.slice(reserved);
    // `settled` is kept whole: the handed-off job's share of it is read from here again if it is re-added.
    const kept: JobData = {
      runId: data.runId,
      taskKey: mine[0]!,
      epoch: data.epoch,
      ...(mine.length > 1 ? { taskKeys: mine } : {}),
      ...(data.settled ? { settled: data.settled } : {}),
      handedOff: rest,
    };
    // Narrowed with a note first, then the new job added, then the note cleared: a crash before the add
    // re-adds it on redelivery. The note must not outlive the add: re-adding a job that has since run, split
    // and left Redis would hand its tasks to two jobs at once.
    await job.updateData(kept);
    await addHandedOff(job, kept, rest, deps.redis, deps.prefix);
    const { handedOff: _done, ...narrowed } = kept;
    await job.updateData(narrowed);
    return { data: narrowed, reserved };
  } catch (err) {
    for (let i = 0; i < reserved; i++) slots.release();
    throw err;
  }
}
