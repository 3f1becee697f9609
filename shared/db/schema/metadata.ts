/** Drizzle mirror of infra/migrations/0300_metadata.sql and 1100_metadata_review.sql (test/db/schema.test.ts keeps them in step). */
import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonb } from './columns.ts';

export const METADATA_VERDICTS = ['ok', 'ko'] as const;
export type MetadataVerdictValue = (typeof METADATA_VERDICTS)[number];

export const metadataChecks = pgTable(
  'metadata_checks',
  {
    runId: text('run_id').notNull(),
    tenderId: text('tender_id').notNull(),
    discrepancies: jsonb('discrepancies').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    ambiguous: jsonb('ambiguous').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    entities: jsonb('entities').$type<unknown>().notNull().default(sql`'{}'::jsonb`),
    notes: jsonb('notes').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    /** Items a person must review (the length of `ambiguous`), for counting without unpacking jsonb. */
    reviewItems: integer('review_items').notNull().default(0),
    verdict: text('verdict').$type<MetadataVerdictValue>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.tenderId] })],
);
