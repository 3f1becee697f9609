/**
 * Storage of diagnostics results: one row per run and collection, plus the collection's fingerprint sketch
 * (replaced on each save, so call `previousDiagnostics` before `saveDiagnostics` when computing drift).
 */
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { storable } from '../db/storable.ts';
import { diagnosticsFingerprints, diagnosticsResults } from '../db/schema/diagnostics.ts';
import type { FingerprintEntries } from './fingerprint.ts';
import { diagnosticsMetricsSchema, type DiagnosticsMetrics, type DiagnosticsReport, type PreviousDiagnostics } from './report.ts';
import type { Check } from './thresholds.ts';

/** Postgres allows 65535 bind parameters per statement; 5 per row. */
const INSERT_BATCH = 5000;

export interface StoredDiagnostics extends PreviousDiagnostics {
  runId: string;
  collection: string;
  verdict: 'ok' | 'ko';
  failed: Check[];
  /** null when the stored metrics no longer match the current schema (rows outlive code). */
  metrics: DiagnosticsMetrics | null;
  createdAt: Date;
}

/**
 * Stored through `storable`: the collection's ids (document ids in the metrics, vector ids in the sketch) are the
 * vector store's, and a NUL in one would fail the transaction and lose the run's diagnostics.
 */
export async function saveDiagnostics(db: Db, runId: string, collectionName: string, given: DiagnosticsReport): Promise<void> {
  const report = storable(given);
  await db.transaction(async (tx) => {
    await tx
      .insert(diagnosticsResults)
      .values({ runId, collection: collectionName, verdict: report.verdict, failed: report.failed, metrics: report.metrics })
      .onConflictDoUpdate({
        target: [diagnosticsResults.runId, diagnosticsResults.collection],
        set: { verdict: report.verdict, failed: report.failed, metrics: report.metrics, createdAt: new Date() },
      });
    await tx.delete(diagnosticsFingerprints).where(eq(diagnosticsFingerprints.collection, collectionName));
    const rows = report.fingerprint.entries.map(([id, vectorHash]) => ({
      collection: collectionName,
      id,
      vectorHash,
      runId,
      sketchSize: report.fingerprint.k,
    }));
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await tx.insert(diagnosticsFingerprints).values(rows.slice(i, i + INSERT_BATCH));
    }
  });
}

const centroidOnly = z.object({ centroid: z.array(z.number()).nullable() });
const checksSchema = z.array(
  z.object({
    name: z.string(),
    kind: z.enum(['max', 'min']),
    threshold: z.number(),
    observed: z.number().nullable(),
    status: z.enum(['pass', 'fail', 'skipped']),
  }),
);

function toStored(row: typeof diagnosticsResults.$inferSelect, fingerprint: StoredDiagnostics['fingerprint']): StoredDiagnostics {
  const metrics = diagnosticsMetricsSchema.safeParse(row.metrics);
  const centroid = centroidOnly.safeParse(row.metrics);
  const failed = checksSchema.safeParse(row.failed);
  return {
    runId: row.runId,
    collection: row.collection,
    verdict: row.verdict,
    failed: failed.success ? (failed.data as Check[]) : [],
    metrics: metrics.success ? metrics.data : null,
    centroid: centroid.success ? centroid.data.centroid : null,
    createdAt: row.createdAt,
    fingerprint,
  };
}

/** The latest stored result for a collection, with its fingerprint sketch: pass it as `previous` to diagnose. */
export async function previousDiagnostics(db: Db, collectionName: string): Promise<StoredDiagnostics | null> {
  const [row] = await db
    .select()
    .from(diagnosticsResults)
    .where(eq(diagnosticsResults.collection, collectionName))
    .orderBy(desc(diagnosticsResults.createdAt))
    .limit(1);
  if (!row) return null;
  const fp = await db
    .select({ id: diagnosticsFingerprints.id, hash: diagnosticsFingerprints.vectorHash, k: diagnosticsFingerprints.sketchSize })
    .from(diagnosticsFingerprints)
    .where(and(eq(diagnosticsFingerprints.collection, collectionName), eq(diagnosticsFingerprints.runId, row.runId)));
  const entries: FingerprintEntries = fp.map((r) => [r.id, r.hash]);
  return toStored(row, fp[0] ? { k: fp[0].k, entries } : null);
}

/** Recent results for a collection, newest first (dashboard trends); without fingerprints. */
export async function listDiagnostics(db: Db, collectionName: string, limit = 30): Promise<StoredDiagnostics[]> {
  const rows = await db
    .select()
    .from(diagnosticsResults)
    .where(eq(diagnosticsResults.collection, collectionName))
    .orderBy(desc(diagnosticsResults.createdAt))
    .limit(limit);
  return rows.map((r) => toStored(r, null));
}
