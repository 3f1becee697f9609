/** Drizzle mirror of infra/migrations/0500_eval.sql. */
import { boolean, doublePrecision, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonb } from './columns.ts';
import { runs } from './engine.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const transcripts = pgTable(
  'transcripts',
  {
    runId: text('run_id').notNull(),
    taskKey: text('task_key').notNull(),
    target: text('target').notNull(),
    sessionId: text('session_id'),
    turns: jsonb('turns').$type<unknown[]>().notNull(),
    error: text('error'),
    latencyMs: integer('latency_ms'),
    tokensIn: integer('tokens_in').notNull().default(0),
    tokensOut: integer('tokens_out').notNull().default(0),
    costUsd: doublePrecision('cost_usd').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.taskKey] })],
);

export const checkResults = pgTable(
  'check_results',
  {
    runId: text('run_id').notNull(),
    taskKey: text('task_key').notNull(),
    checkId: text('check_id').notNull(),
    type: text('type').notNull(),
    outcome: text('outcome').notNull(),
    score: doublePrecision('score'),
    reason: text('reason').notNull(),
    turn: integer('turn'),
    hard: boolean('hard').notNull().default(false),
    weight: doublePrecision('weight').notNull().default(1),
    source: text('source').notNull(),
    mandateId: text('mandate_id'),
    mandateVersion: integer('mandate_version'),
    model: text('model'),
    details: jsonb('details'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.taskKey, t.checkId] })],
);

export const caseResults = pgTable(
  'case_results',
  {
    runId: text('run_id').notNull(),
    taskKey: text('task_key').notNull(),
    setId: text('set_id').notNull(),
    caseId: text('case_id').notNull(),
    tenderId: text('tender_id'),
    family: text('family'),
    repeatIndex: integer('repeat_index').notNull().default(0),
    tags: text('tags').array().notNull(),
    outcome: text('outcome').notNull(),
    score: doublePrecision('score'),
    reason: text('reason').notNull(),
    answerSignature: text('answer_signature'),
    toolSignature: text('tool_signature'),
    pendingLlm: boolean('pending_llm').notNull().default(false),
    latencyMs: integer('latency_ms'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.taskKey] })],
);

export const reports = pgTable('reports', {
  runId: text('run_id')
    .primaryKey()
    .references(() => runs.id, { onDelete: 'cascade' }),
  summary: jsonb('summary').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
