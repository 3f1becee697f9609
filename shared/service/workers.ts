/**
 * Starts the BullMQ workers of one or more services in this process, with heartbeat, reconciler, the
 * cancel bus and graceful shutdown. Every service's entry point (and the all-in-one mode) calls this.
 */
import { Worker } from 'bullmq';
import postgres from 'postgres';
import type { Redis } from 'ioredis';
import { QUEUES, slotQueueOf, withBatchQueues, type QueueName } from '../../queues/index.ts';
import type { Config } from '../config.ts';
import type { DbHandle } from '../db/client.ts';
import { childLogger, type Logger } from '../logger.ts';
import { redisConnection } from '../engine/connections.ts';
import { CancelBus } from '../engine/cancel-bus.ts';
import { makeProcessor } from '../engine/processor.ts';
import { CompletionWriter } from '../engine/completions.ts';
import { markFailed } from '../engine/store.ts';
import { jobDataSchema, jobTaskKeys } from '../engine/flow.ts';
import { Slots } from '../engine/slots.ts';
import { HEARTBEAT_MS, heartbeat, markWorkerStopped, newWorkerId, reconcileOrphans } from '../engine/reconciler.ts';
import '../tasks/index.ts';

export interface WorkerPool {
  workerId: string;
  workers: Worker[];
  /** Stop taking jobs; wait up to `timeoutMs` for active ones, then force. */
  close(timeoutMs?: number): Promise<void>;
  isRunning(): boolean;
}

export async function startWorkers(opts: {
  name: string;
  queues: QueueName[];
  config: Config;
  dbh: DbHandle;
  redis: Redis;
  log?: Logger;
  concurrency?: Partial<Record<QueueName, number>>;
}): Promise<WorkerPool> {
  const { config, dbh, redis } = opts;
  const prefix = config.VAGLIO_PREFIX;
  const workerId = newWorkerId(opts.name);
  const log = opts.log ?? childLogger({ service: opts.name, workerId });
  const cancelBus = new CancelBus(prefix);
  await cancelBus.start(redisConnection(config.VAGLIO_REDIS_URL));
  await heartbeat(dbh.sql, workerId, opts.name);
  // Claims only mark a task running: losing that mark in a Postgres crash is harmless (the reconciler and
  // redelivery cover it), so those commits do not wait for the WAL flush. Completions do.
  const claimSql = postgres(config.DATABASE_URL, {
    max: 10,
    onnotice: () => {},
    connect_timeout: 10,
    connection: { synchronous_commit: 'off', application_name: `vaglio-claim-${opts.name}` },
  });
  // Whoever consumes a queue consumes its batches too; both draw on the queue's concurrency, counted in tasks.
  const queues = withBatchQueues([...new Set(opts.queues)]);
  const concurrencyOf = (q: QueueName) => opts.concurrency?.[q] ?? QUEUES[q].concurrency(config);
  const slots = new Map<string, Slots>();
  for (const q of queues) {
    const base = slotQueueOf(q);
    if (!slots.has(base)) slots.set(base, new Slots(concurrencyOf(base)));
    slots.set(q, slots.get(base)!);
  }
  const processor = makeProcessor({
    ...dbh,
    redis,
    prefix,
    config,
    log,
    workerId,
    cancelBus,
    claimSql,
    completions: new CompletionWriter(dbh.sql),
    slots: (q) => slots.get(q),
  });

  const connections: Redis[] = [];
  const workers = queues.map((q) => {
    const connection = redisConnection(config.VAGLIO_REDIS_URL, { forWorker: true });
    connections.push(connection);
    const w = new Worker(q, processor, {
      connection,
      prefix,
      concurrency: concurrencyOf(q),
      lockDuration: config.VAGLIO_LOCK_DURATION_MS,
      stalledInterval: config.VAGLIO_STALLED_INTERVAL_MS,
      // A job whose worker died twice is failed (then dead-lettered) rather than retried forever.
      maxStalledCount: 2,
    });
    w.on('error', (err) => log.error({ err, queue: q }, 'worker error'));
    w.on('failed', (job, err) => {
      // Jobs failed by BullMQ itself (stalled too often) never reached our processor's bookkeeping.
      if (!job || !/stalled/i.test(err.message)) return;
      const d = jobDataSchema.safeParse(job.data);
      if (!d.success) return;
      for (const taskKey of jobTaskKeys(d.data)) {
        void markFailed(dbh.sql, {
          runId: d.data.runId,
          taskKey,
          queue: q,
          jobId: String(job.id),
          error: err.message,
          attempts: job.attemptsMade,
        }).catch((e: unknown) => log.error({ err: e }, 'could not record stalled failure'));
      }
    });
    return w;
  });

  const reconcileLockKey = `${prefix}:vaglio:reconciler`;
  let ticking = false;
  const tick = async () => {
    if (ticking) return;
    ticking = true;
    try {
      await heartbeat(dbh.sql, workerId, opts.name);
      // One reconciler at a time across all processes.
      const got = await redis.set(reconcileLockKey, workerId, 'PX', config.VAGLIO_RECONCILE_INTERVAL_MS, 'NX');
      if (got) {
        const n = await reconcileOrphans(dbh.sql);
        if (n) log.warn({ tasks: n }, 'requeued tasks left running by dead workers');
      }
    } catch (err) {
      // Postgres or Redis briefly away: workers keep going, the next tick tries again.
      log.warn({ err }, 'heartbeat/reconcile failed');
    } finally {
      ticking = false;
    }
  };
  const timer = setInterval(() => void tick(), Math.min(HEARTBEAT_MS, config.VAGLIO_RECONCILE_INTERVAL_MS));
  timer.unref();

  let running = true;
  return {
    workerId,
    workers,
    isRunning: () => running && workers.every((w) => w.isRunning()),
    async close(timeoutMs = config.VAGLIO_SHUTDOWN_TIMEOUT_MS) {
      if (!running) return;
      running = false;
      clearInterval(timer);
      // A worker started a moment ago may still be checking the Redis version on its connections: closing them
      // under that check rejected it unhandled ("Connection is closed").
      await Promise.all(workers.map((w) => w.waitUntilReady().catch(() => {})));
      const graceful = Promise.all(workers.map((w) => w.close()));
      const forced = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), timeoutMs).unref());
      if ((await Promise.race([graceful, forced])) === 'timeout') {
        log.warn({ timeoutMs }, 'active jobs did not finish in time; forcing close');
        await Promise.all(workers.map((w) => w.close(true)));
      }
      await cancelBus.stop();
      for (const c of connections) c.disconnect();
      await claimSql.end({ timeout: 5 }).catch(() => {});
      await markWorkerStopped(dbh.sql, workerId).catch(() => {});
    },
  };
}
