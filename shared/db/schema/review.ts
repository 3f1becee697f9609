/** Drizzle mirror of infra/migrations/2400_review.sql. */
import { bigserial, boolean, index, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

export const reviewLabels = pgTable(
  'review_labels',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: text('run_id').notNull(),
    taskKey: text('task_key').notNull(),
    checkId: text('check_id').notNull(),
    kind: text('kind').$type<'judge' | 'redteam'>().notNull(),
    mandate: text('mandate').notNull(),
    machineOutcome: text('machine_outcome').$type<'pass' | 'fail'>().notNull(),
    machineReason: text('machine_reason').notNull(),
    agree: boolean('agree').notNull(),
    note: text('note').notNull().default(''),
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.runId, t.taskKey, t.checkId), index('review_labels_mandate_idx').on(t.mandate, t.createdAt)],
);
