/** Drizzle mirror of infra/migrations/1600_mutation.sql. */
import { boolean, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonb } from './columns.ts';
import { runs } from './engine.ts';

export const mutationRuns = pgTable(
  'mutation_runs',
  {
    id: text('id').primaryKey(),
    sourceRunId: text('source_run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    operators: text('operators').array().notNull(),
    mutants: integer('mutants').notNull(),
    killed: integer('killed').notNull(),
    survived: integer('survived').notNull(),
    notApplicable: integer('not_applicable').notNull(),
    score: doublePrecision('score'),
    overallScore: doublePrecision('overall_score'),
    minScore: doublePrecision('min_score'),
    gatePassed: boolean('gate_passed'),
    summary: jsonb('summary').$type<unknown>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('mutation_runs_source_idx').on(t.sourceRunId, t.createdAt)],
);
