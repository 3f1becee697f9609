/** Drizzle mirror of infra/migrations/0200_llm.sql (test/db/schema.test.ts keeps the two in step). */
import { bigserial, boolean, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonb } from './columns.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const llmCalls = pgTable(
  'llm_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: text('run_id'),
    taskKey: text('task_key'),
    role: text('role').notNull(),
    model: text('model').notNull(),
    tokensIn: integer('tokens_in').notNull().default(0),
    tokensOut: integer('tokens_out').notNull().default(0),
    costUsd: doublePrecision('cost_usd').notNull().default(0),
    latencyMs: integer('latency_ms').notNull().default(0),
    cached: boolean('cached').notNull().default(false),
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('llm_calls_run_idx').on(t.runId, t.taskKey)],
);

export const llmCache = pgTable('llm_cache', {
  key: text('key').primaryKey(),
  model: text('model').notNull(),
  response: jsonb('response').$type<unknown>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
