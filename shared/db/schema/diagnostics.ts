/** Drizzle mirror of infra/migrations/0400_diagnostics.sql (test/db/schema.test.ts keeps the two in step). */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonb } from './columns.ts';
import { runs } from './engine.ts';

export const diagnosticsResults = pgTable(
  'diagnostics_results',
  {
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    collection: text('collection').notNull(),
    verdict: text('verdict').$type<'ok' | 'ko'>().notNull(),
    failed: jsonb('failed').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    metrics: jsonb('metrics').$type<unknown>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.collection] }),
    index('diagnostics_results_collection_idx').on(t.collection, t.createdAt.desc()),
  ],
);

export const diagnosticsFingerprints = pgTable(
  'diagnostics_fingerprints',
  {
    collection: text('collection').notNull(),
    id: text('id').notNull(),
    vectorHash: text('vector_hash').notNull(),
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    sketchSize: integer('sketch_size').notNull(),
  },
  (t) => [primaryKey({ columns: [t.collection, t.id] })],
);
