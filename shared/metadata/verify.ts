/**
 * verifyTender: extract, diff, and (optionally) hand the ambiguous items to a resolver — the LLM extractor
 * role, wired by the service. Without a resolver, ambiguous items stay "needs review": never guessed.
 * Verdict: 'ko' when at least one discrepancy stands, else 'ok' (ambiguous items are listed either way).
 */
import { isoDate } from '../tender/metadata.ts';
import { verifiableMetadataSchema, type VerifiableMetadata } from './input.ts';
import { diffMetadata } from './diff.ts';
import { extractEntities } from './extract.ts';
import { withReviewContext } from './review.ts';
import { applyModelReading, type ExtractWithModel } from './model-check.ts';
import { resolutionSchema, type ExtractOptions, type MetadataVerdict, type ResolveAmbiguous } from './types.ts';

export interface VerifyOptions extends ExtractOptions {
  resolveAmbiguous?: ResolveAmbiguous;
  /** The extractor model's own reading of the islands; where it disagrees with the rules, the field goes to review. */
  extractWithModel?: ExtractWithModel;
}

/** Dates that are not YYYY-MM-DD are ignored rather than computed with. */
function validDate(d: string | undefined): string | undefined {
  return d !== undefined && isoDate.safeParse(d).success ? d : undefined;
}

export async function verifyTender(text: string, metadata: VerifiableMetadata, opts: VerifyOptions = {}): Promise<MetadataVerdict> {
  const meta = verifiableMetadataSchema.parse(metadata);
  const gazzettaDate = validDate(opts.gazzettaDate ?? meta.gazzettaDate);
  const publicationDate = validDate(opts.publicationDate ?? meta.publicationDate);
  const extraction = extractEntities(text, { ...(gazzettaDate ? { gazzettaDate } : {}), ...(publicationDate ? { publicationDate } : {}), profile: [meta.profile, meta.title].filter(Boolean).join(' — ') });
  const diff = diffMetadata(extraction, meta, text);
  if (opts.extractWithModel) {
    const found = await opts.extractWithModel(extraction.islands.map((i) => text.slice(i.start, i.end)));
    applyModelReading(text, extraction.entities, found, diff);
  }
  // A disagreement between the rules and the model is for a person: the same model does not settle it.
  const askable = diff.ambiguous.filter((a) => a.raisedBy !== 'llm-disagreement');
  if (opts.resolveAmbiguous && askable.length) {
    const answers = resolutionSchema.array().parse(await opts.resolveAmbiguous(askable, text));
    const byId = new Map(answers.map((a) => [a.id, a]));
    const still = [];
    for (const item of diff.ambiguous) {
      const a = item.raisedBy === 'llm-disagreement' ? undefined : byId.get(item.id);
      // Only an answer among the item's own options counts; anything else stays for a human.
      if (!a || a.decision === 'unknown' || !item.options.includes(a.decision)) {
        still.push(item);
        continue;
      }
      if (a.decision === 'match') continue;
      diff.discrepancies.push({
        field: item.field,
        type: a.decision,
        ...(item.textValue !== undefined ? { textValue: item.textValue } : {}),
        ...(item.metadataValue !== undefined ? { metadataValue: item.metadataValue } : {}),
        message: a.reason ?? item.question,
        evidence: item.evidence,
        resolvedBy: 'resolver',
      });
    }
    diff.ambiguous = still;
  }
  diff.ambiguous = diff.ambiguous.map((a) => withReviewContext(a, text));
  return { tenderId: meta.id, verdict: diff.discrepancies.length ? 'ko' : 'ok', ...diff, entities: extraction.entities };
}
