/** Drizzle mirror of infra/migrations/0001_engine.sql (test/db/schema.test.ts keeps the two in step). */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { jsonb } from './columns.ts';

export const TASK_STATUSES = ['queued', 'running', 'completed', 'failed', 'canceled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const RUN_STATUSES = TASK_STATUSES;
export type RunStatus = TaskStatus;

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const runs = pgTable('runs', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  plan: text('plan').notNull(),
  status: text('status').$type<RunStatus>().notNull().default('queued'),
  spec: jsonb('spec').$type<Record<string, unknown>>().notNull(),
  /** Values shared by the run's tasks, referred to from payloads as {"$shared": name}. */
  shared: jsonb('shared').$type<Record<string, unknown>>().notNull().default({}),
  idempotencyKey: text('idempotency_key').unique(),
  epoch: integer('epoch').notNull().default(0),
  cancelRequested: boolean('cancel_requested').notNull().default(false),
  error: text('error'),
  createdAt: ts('created_at').notNull().defaultNow(),
  startedAt: ts('started_at'),
  finishedAt: ts('finished_at'),
});

export const tasks = pgTable(
  'tasks',
  {
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    taskKey: text('task_key').notNull(),
    kind: text('kind').notNull(),
    queue: text('queue').notNull(),
    status: text('status').$type<TaskStatus>().notNull().default('queued'),
    payload: jsonb('payload').$type<unknown>().notNull().default(sql`'{}'::jsonb`),
    dependsOn: text('depends_on').array().notNull().default(sql`'{}'`),
    flowParent: text('flow_parent'),
    alwaysRun: boolean('always_run').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    executions: integer('executions').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    timeoutMs: integer('timeout_ms').notNull().default(60000),
    jobId: text('job_id'),
    workerId: text('worker_id'),
    error: text('error'),
    cancelReason: text('cancel_reason'),
    costUsd: doublePrecision('cost_usd').notNull().default(0),
    tokensIn: integer('tokens_in').notNull().default(0),
    tokensOut: integer('tokens_out').notNull().default(0),
    latencyMs: integer('latency_ms'),
    queuedAt: ts('queued_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.runId, t.taskKey] })],
);

export const taskResults = pgTable(
  'task_results',
  {
    runId: text('run_id').notNull(),
    taskKey: text('task_key').notNull(),
    result: jsonb('result').$type<unknown>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.taskKey] })],
);

export const deadLetters = pgTable('dead_letters', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  runId: text('run_id')
    .notNull()
    .references(() => runs.id, { onDelete: 'cascade' }),
  taskKey: text('task_key').notNull(),
  queue: text('queue').notNull(),
  jobId: text('job_id'),
  payload: jsonb('payload').$type<unknown>().notNull(),
  error: text('error').notNull(),
  stack: text('stack'),
  attempts: integer('attempts').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  reprocessedAt: ts('reprocessed_at'),
});

export const workers = pgTable('workers', {
  id: text('id').primaryKey(),
  service: text('service').notNull(),
  hostname: text('hostname').notNull(),
  pid: integer('pid').notNull(),
  startedAt: ts('started_at').notNull().defaultNow(),
  lastSeen: ts('last_seen').notNull().defaultNow(),
  stoppedAt: ts('stopped_at'),
});
