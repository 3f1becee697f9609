/** Persist a verdict in metadata_checks, one row per (run, tender); re-running a task overwrites its row. */
import type { Db } from '../db/client.ts';
import { storable } from '../db/storable.ts';
import { metadataChecks } from '../db/schema/metadata.ts';
import { metadataVerdictSchema, type MetadataVerdict } from './types.ts';

export async function saveMetadataVerdict(db: Db, runId: string, verdict: MetadataVerdict): Promise<void> {
  const v = metadataVerdictSchema.parse(verdict);
  // Through `storable`: the evidence quotes the bando, the candidates may be a model's text; either can hold a NUL.
  const row = storable({
    discrepancies: v.discrepancies,
    // The review items: question, evidence, candidate answers and the text around the evidence.
    ambiguous: v.ambiguous,
    reviewItems: v.ambiguous.length,
    notes: v.notes,
    entities: { items: v.entities },
    verdict: v.verdict,
  });
  await db
    .insert(metadataChecks)
    .values({ runId, tenderId: v.tenderId, ...row })
    .onConflictDoUpdate({ target: [metadataChecks.runId, metadataChecks.tenderId], set: { ...row, createdAt: new Date() } });
}
