/**
 * What a run put into Redis, read back from BullMQ's own keys: every job of a run (any queue, any state) as
 * the task keys it carries, to be matched one for one with the run's task rows in Postgres.
 */
import type { Redis } from 'ioredis';
import { QUEUE_NAMES } from '../../queues/index.ts';
import type { Sql } from '../../shared/db/client.ts';

/** The task keys carried by the run's jobs of one epoch (a batch job carries several), sorted. */
export async function jobTaskKeysOf(redis: Redis, prefix: string, runId: string, epoch: number): Promise<string[]> {
  const keys: string[] = [];
  for (const q of QUEUE_NAMES) {
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}:${q}:${runId}.*`, 'COUNT', 5000);
      cursor = next;
      // A job's hash is <prefix>:<queue>:<job id> (ids hold no ':'); its :logs, :lock… keys are not jobs.
      keys.push(...found.filter((k) => k.split(':').length === 3));
    } while (cursor !== '0');
  }
  const out: string[] = [];
  for (const k of keys) {
    const data = JSON.parse((await redis.hget(k, 'data')) ?? 'null') as { taskKey: string; taskKeys?: string[]; epoch: number } | null;
    if (data && data.epoch === epoch) out.push(...(data.taskKeys ?? [data.taskKey]));
  }
  return out.sort();
}

/** The run's task rows' keys, sorted like jobTaskKeysOf. */
export async function taskKeysOf(sql: Sql, runId: string): Promise<string[]> {
  return (await sql<{ k: string }[]>`select task_key as k from tasks where run_id = ${runId}`).map((r) => r.k).sort();
}

/** Every job hash under the prefix (any queue, any state), counted per run id (a job id starts with its run's id and a dot). */
export async function jobsPerRun(redis: Redis, prefix: string): Promise<Map<string, number>> {
  const queues = new Set<string>(QUEUE_NAMES);
  const out = new Map<string, number>();
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 5000);
    cursor = next;
    for (const k of found) {
      const [, queue, id] = k.split(':');
      // Job hashes only: <prefix>:<queue>:<job id>, where a job id has a dot (BullMQ's own keys have none).
      if (k.split(':').length !== 3 || !queues.has(queue!) || !id!.includes('.')) continue;
      const run = id!.slice(0, id!.indexOf('.'));
      out.set(run, (out.get(run) ?? 0) + 1);
    }
  } while (cursor !== '0');
  return out;
}
