/**
 * metadata.verify — extracts entities from one bando's full text and diffs them with the metadata attached to
 * it (as the chatbot's search sees it), flagging every discrepancy with its evidence. Ambiguous cases are
 * "needs review", never guessed.
 */
import { z } from 'zod';
import { defineKind } from '../engine/kinds.ts';
import { PermanentTaskError } from '../engine/errors.ts';
import { tenderMetadataSchema } from '../tender/metadata.ts';
import { saveMetadataVerdict, verifyTender } from '../metadata/index.ts';
import { and, eq } from 'drizzle-orm';
import { drizzleOf, type Sql } from '../db/client.ts';
import { tenders, tenderVersions } from '../db/schema/index.ts';
import { llmFor } from './llm.ts';
import { llmResolver } from '../eval/resolve-ambiguous.ts';
import { modelExtractor } from '../eval/model-extract.ts';

export const metadataPayloadSchema = z.object({
  tenderId: z.string(),
  /** Where text and metadata live: the ingested tenders (latest version), or the demo chatbot's own store. */
  from: z.enum(['tenders', 'demo']).default('tenders'),
});

async function loadTender(sql: Sql, from: 'tenders' | 'demo', id: string): Promise<{ text: string; metadata: unknown } | undefined> {
  if (from === 'demo') {
    // raw SQL: the demo chatbot's own table (schema demo), outside vaglio's Drizzle schema
    return (await sql<{ text: string; metadata: unknown }[]>`select text, metadata from demo.tenders where id = ${id}`)[0];
  }
  const v = tenderVersions;
  const rows = await drizzleOf(sql)
    .select({ text: v.text, metadata: v.metadata })
    .from(tenders)
    .innerJoin(v, and(eq(v.tenderId, tenders.id), eq(v.version, tenders.currentVersion)))
    .where(eq(tenders.id, id));
  return rows[0];
}

export const metadataKind = defineKind({
  kind: 'metadata.verify',
  queue: 'metadata',
  payload: metadataPayloadSchema,
  timeoutMs: 60_000,
  attempts: 3,
  backoffMs: 1_000,
  handler: async (p, ctx) => {
    const row = await loadTender(ctx.sql, p.from, p.tenderId);
    if (!row) throw new PermanentTaskError(`tender ${p.tenderId} not found in ${p.from}`);
    const metadata = tenderMetadataSchema.safeParse(row.metadata);
    if (!metadata.success) throw new PermanentTaskError(`tender ${p.tenderId}: stored metadata is invalid: ${metadata.error.message}`);
    // With an extractor model configured, it reads the islands too (disagreements with the rules go to review)
    // and decides what the rules left ambiguous. Without one, rules only.
    const extractor = llmFor(ctx).forRole('extractor');
    const call = { runId: ctx.runId, taskKey: ctx.taskKey, signal: ctx.signal };
    const verdict = await verifyTender(row.text, metadata.data, {
      resolveAmbiguous: extractor ? llmResolver(extractor, call) : undefined,
      extractWithModel: extractor ? modelExtractor(extractor, call) : undefined,
    });
    await saveMetadataVerdict(ctx.db, ctx.runId, verdict);
    return { verdict: verdict.verdict, discrepancies: verdict.discrepancies.length, ambiguous: verdict.ambiguous.length };
  },
});
