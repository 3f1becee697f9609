/**
 * Task kinds: what a task does, on which queue, with which payload schema, timeout and retry policy.
 * Adding a kind is a one-place change: a file in shared/tasks/ calling defineKind, listed in
 * shared/tasks/index.ts.
 */
import type { z } from 'zod';
import type { Logger } from 'pino';
import type { Redis } from 'ioredis';
import type { QueueName } from '../../queues/index.ts';
import type { Config } from '../config.ts';
import type { Db, Sql } from '../db/client.ts';

export interface TaskContext {
  runId: string;
  taskKey: string;
  attempt: number;
  /** Aborted on timeout and on run cancellation: pass it to every HTTP/LLM call. */
  signal: AbortSignal;
  log: Logger;
  db: Db;
  sql: Sql;
  redis: Redis;
  prefix: string;
  config: Config;
  /** Stored results of this task's dependencies (completed ones), by task key. */
  depResults(): Promise<Map<string, unknown>>;
  /**
   * Add tasks to this run (see expand.ts), attached to a task that is still waiting — by default the run's
   * report. Their results are then part of the run like any other's.
   */
  expand(tasks: import('./dag.ts').TaskSpec[], opts?: { attachTo?: string }): Promise<{ added: number }>;
  /**
   * The scarce part of the task is over (e.g. the conversation with the target): give its slot in the queue's
   * concurrency back now, so storing the outcome does not hold up the next conversation. Idempotent.
   */
  releaseSlot(): void;
  /** A payload field that may refer to the run's shared value (shared-values.ts), resolved and parsed. */
  shared<T>(value: T | import('./shared-values.ts').SharedRef, schema: z.ZodType<T>): Promise<T>;
  /**
   * Store what this task has done (a played conversation's transcript and outcome): while Postgres is
   * unreachable the write is retried, with the task's timeout paused, so an outage never makes the task do
   * its work again (a chatbot asked twice). The write must be idempotent (an upsert).
   */
  persist<T>(write: () => Promise<T>): Promise<T>;
  /** Add cost and token usage to this task's row. */
  addUsage(u: { costUsd?: number; tokensIn?: number; tokensOut?: number }): void;
}

export interface TaskKind<P = unknown, R = unknown> {
  kind: string;
  queue: QueueName;
  payload: z.ZodType<P>;
  /** Per-attempt bound; the handler's signal aborts when it passes. */
  timeoutMs: number;
  attempts: number;
  /** Base of the exponential backoff between attempts (jittered). */
  backoffMs: number;
  /** Runs even when a dependency failed or the run was canceled (reports, finalisation). */
  alwaysRun?: boolean;
  /**
   * Sibling tasks of this kind (same flow parent, same dependencies, no flow children) may travel as one job
   * on the queue's batch queue (see queues/index.ts): one claim and one queue round trip for the lot. Each
   * task still has its own row, attempts, timeout, result and dead letter.
   */
  batchable?: boolean;
  /** Its result is stored for the tasks that depend on it; a handler whose outcome lives elsewhere returns undefined. */
  handler: (payload: P, ctx: TaskContext) => Promise<R>;
}

const registry = new Map<string, TaskKind>();

export function defineKind<P, R>(def: TaskKind<P, R>): TaskKind<P, R> {
  if (registry.has(def.kind)) throw new Error(`task kind ${def.kind} defined twice`);
  if (def.kind.includes(':')) throw new Error(`task kind ${def.kind} must not contain ':'`);
  registry.set(def.kind, def as unknown as TaskKind);
  return def;
}

export function getKind(kind: string): TaskKind | undefined {
  return registry.get(kind);
}

export function allKinds(): TaskKind[] {
  return [...registry.values()];
}
