/** Drizzle mirror of infra/migrations/0900_recovery_baselines.sql. */
import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { runs } from './engine.ts';

export const recoveryBaselines = pgTable(
  'recovery_baselines',
  {
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    questionHash: text('question_hash').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.questionHash] })],
);
