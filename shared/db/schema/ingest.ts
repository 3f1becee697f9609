/** Drizzle mirror of infra/migrations/0600_ingest.sql (test/db/schema.test.ts keeps the two in step). */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { jsonb } from './columns.ts';

export const tenders = pgTable('tenders', {
  id: text('id').primaryKey(),
  source: text('source').notNull(),
  currentVersion: integer('current_version').notNull(),
  metadata: jsonb('metadata').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const tenderVersions = pgTable(
  'tender_versions',
  {
    tenderId: text('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    contentHash: text('content_hash').notNull(),
    text: text('text').notNull(),
    articles: jsonb('articles').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    metadata: jsonb('metadata').$type<unknown>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenderId, t.version] })],
);

export const ingestionErrors = pgTable(
  'ingestion_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    source: text('source').notNull(),
    externalId: text('external_id').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    runId: text('run_id'),
  },
  (t) => [index('ingestion_errors_run_idx').on(t.runId)],
);

export const generatedTests = pgTable(
  'generated_tests',
  {
    tenderId: text('tender_id').notNull(),
    version: integer('version').notNull(),
    testId: text('test_id').notNull(),
    family: text('family').notNull(),
    spec: jsonb('spec').$type<unknown>().notNull(),
    provenance: jsonb('provenance').$type<unknown>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('generated_tests_tender_id_version_test_id_key').on(t.tenderId, t.version, t.testId)],
);
