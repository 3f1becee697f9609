/** diagnostics.collection — null/zero/NaN vectors, norms, duplicates, silhouette, cohesion, drift; ok/ko by thresholds. */
import { z } from 'zod';
import { defineKind } from '../engine/kinds.ts';
import {
  diagnose,
  openSource,
  previousDiagnostics,
  saveDiagnostics,
  sourceConfigSchema,
  thresholdsSchema,
} from '../diagnostics/index.ts';

export const diagnosticsPayloadSchema = z.object({
  collection: z.string().min(1),
  source: sourceConfigSchema,
  thresholds: thresholdsSchema.optional(),
  sampleSize: z.number().int().positive().max(20_000).optional(),
});

export const diagnosticsKind = defineKind({
  kind: 'diagnostics.collection',
  queue: 'diagnostics',
  payload: diagnosticsPayloadSchema,
  // Streams a whole collection: 1M vectors take ~20 s here (BENCHMARKS.md); bounded generously.
  timeoutMs: 30 * 60_000,
  attempts: 2,
  backoffMs: 10_000,
  handler: async (p, ctx) => {
    const source = openSource(p.source, { sql: ctx.sql, weaviateApiKey: ctx.config.WEAVIATE_API_KEY });
    const previous = await previousDiagnostics(ctx.db, p.collection);
    const report = await diagnose(source, {
      thresholds: p.thresholds,
      sampleSize: p.sampleSize,
      previous,
      signal: ctx.signal,
    });
    await saveDiagnostics(ctx.db, ctx.runId, p.collection, report);
    return { verdict: report.verdict, failed: report.failed.map((f) => f.name) };
  },
});
