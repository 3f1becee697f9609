/** Drizzle mirror of infra/migrations/0300_metadata.sql (test/db/schema.test.ts keeps the two in step). */
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
    verdict: text('verdict').$type<MetadataVerdictValue>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.tenderId] })],
);
