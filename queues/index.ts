/**
 * Every queue vaglio uses, the service that consumes it, and its worker settings. Queue names are only
 * ever read from here (a string literal elsewhere is a bug waiting). Adding a queue: one entry below.
 */
import type { Config } from '../shared/config.ts';

export const SERVICES = [
  'api',
  'ingester',
  'conversation-runner',
  'judge',
  'metadata-extractor',
  'diagnostics',
  'reporter',
] as const;
export type ServiceName = (typeof SERVICES)[number];

export interface QueueDef {
  service: ServiceName;
  concurrency: (c: Config) => number;
  description: string;
  /**
   * A batch queue carries jobs that each hold up to `size` tasks of queue `of` (one queue round trip and one
   * claim per batch; every task keeps its own row, attempts and result). The service consuming `of` also
   * consumes it, and both share `of`'s concurrency, counted in tasks.
   */
  batch?: { of: string; size: number };
}

/** Tasks per batch job on the converse queue. */
const CONVERSE_BATCH = 16;

export const QUEUES = {
  // Conversations are latency-bound (waiting on the target), so many run concurrently per process;
  // the per-target rate limit, not this number, protects the chatbot.
  converse: {
    service: 'conversation-runner',
    concurrency: (c) => c.VAGLIO_CONCURRENCY_CONVERSE,
    description: 'plays test cases against the target chatbot and applies deterministic checks',
  },
  'converse-batch': {
    service: 'conversation-runner',
    // In jobs: about twice the converse concurrency (counted in tasks) in batches, so a slot that frees always
    // finds a case waiting, yet one process does not hoard the cases other replicas could play.
    concurrency: (c) => Math.ceil((2 * c.VAGLIO_CONCURRENCY_CONVERSE) / CONVERSE_BATCH) + 1,
    description: 'test cases in batches of up to 16 (tasks of batchable kinds that share their parent and dependencies)',
    batch: { of: 'converse', size: CONVERSE_BATCH },
  },
  judge: {
    service: 'judge',
    concurrency: (c) => c.VAGLIO_CONCURRENCY_JUDGE,
    description: 'LLM checks with a written mandate per test type',
  },
  metadata: {
    service: 'metadata-extractor',
    concurrency: (c) => c.VAGLIO_CONCURRENCY_METADATA,
    description: 'extracts entities from a bando and diffs them with its metadata',
  },
  diagnostics: {
    service: 'diagnostics',
    // CPU- and memory-heavy (streams a whole embedding collection): one at a time per process.
    concurrency: (c) => c.VAGLIO_CONCURRENCY_DIAGNOSTICS,
    description: 'embedding-collection diagnostics',
  },
  ingest: {
    service: 'ingester',
    concurrency: (c) => c.VAGLIO_CONCURRENCY_INGEST,
    description: 'ingests bandi and generates per-tender tests',
  },
  report: {
    service: 'reporter',
    concurrency: (c) => c.VAGLIO_CONCURRENCY_REPORT,
    description: 'tender verdicts and run reports (the final node of every run)',
  },
  // Engine bookkeeping (run finalisation). Every worker service also consumes it, so a run finishes
  // whichever services are deployed.
  control: {
    service: 'api',
    concurrency: (c) => c.VAGLIO_CONCURRENCY_CONTROL,
    description: 'engine bookkeeping: run finalisation',
  },
} as const satisfies Record<string, QueueDef>;

export type QueueName = keyof typeof QUEUES;
export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

export function isQueueName(v: string): v is QueueName {
  return Object.hasOwn(QUEUES, v);
}

/** The batch queue of `queue`, if it has one. */
export function batchQueueOf(queue: string): { name: QueueName; size: number } | undefined {
  for (const q of QUEUE_NAMES) {
    const b = (QUEUES[q] as QueueDef).batch;
    if (b?.of === queue) return { name: q, size: b.size };
  }
  return undefined;
}

/** The queue whose concurrency a queue's jobs count against: the base queue of a batch queue, else itself. */
export function slotQueueOf(queue: QueueName): QueueName {
  const of = (QUEUES[queue] as QueueDef).batch?.of;
  return of && isQueueName(of) ? of : queue;
}

/** `queues` plus their batch queues: whoever consumes a queue consumes its batches too. */
export function withBatchQueues(queues: QueueName[]): QueueName[] {
  const out = new Set(queues);
  for (const q of queues) {
    const b = batchQueueOf(q);
    if (b) out.add(b.name);
  }
  return [...out];
}

/** Queues a service consumes (its own + control for every worker service). */
export function queuesOf(service: ServiceName): QueueName[] {
  const own = QUEUE_NAMES.filter((q) => QUEUES[q].service === service && q !== 'control');
  return [...own, 'control'];
}
