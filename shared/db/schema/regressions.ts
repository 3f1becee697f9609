/** The stored regression set (infra/migrations/1400_regressions.sql). */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonb } from './columns.ts';

export const regressionCases = pgTable('regression_cases', {
  id: text('id').primaryKey(),
  setType: text('set_type', { enum: ['single', 'conversation'] }).notNull(),
  /** The case as written in a scenario file (validated when filed and again when replayed). */
  spec: jsonb('spec').notNull(),
  source: text('source', { enum: ['feedback', 'capture'] }).notNull().default('feedback'),
  note: text('note'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
