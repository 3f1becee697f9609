/**
 * The extractor model's reading, set beside the rules' (issue 20, item 4). When a model is configured it reads
 * the text islands and returns entities with their evidence; an entity counts only when its evidence is found
 * verbatim in the text. The diff stays the rules' (deterministic); where the model reads a field differently
 * from the rules, that field goes to review: a discrepancy the rules reported there is no longer stated as
 * certain, and a field the rules found in order gets a review item. Without a model nothing changes.
 */
import { z } from 'zod';
import type { AmbiguousItem, Discrepancy, Entity, Evidence, MetadataDiff } from './types.ts';
import { snippet } from './normalize.ts';

export const MODEL_FIELDS = ['posts', 'deadline', 'selectionMethod', 'workLocations', 'requiredDegrees'] as const;
export const modelEntitySchema = z.object({ field: z.enum(MODEL_FIELDS), value: z.string().min(1), evidence: z.string().min(1) });
export type ModelEntity = z.infer<typeof modelEntitySchema>;
/** Reads the islands (passages of the text around the anchors) and returns what it finds there. */
export type ExtractWithModel = (islands: string[]) => Promise<ModelEntity[]>;

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** The rules' reading of each field the model also reads, as comparable sets of values. */
function rulesReading(entities: Entity[]): Record<(typeof MODEL_FIELDS)[number], Set<string>> {
  const totals = entities.filter((e) => e.kind === 'posts' && e.role === 'total');
  const strong = totals.filter((e) => e.confidence >= 0.95);
  return {
    posts: new Set((strong.length ? strong : totals).map((e) => (e.kind === 'posts' ? String(e.count) : ''))),
    deadline: new Set(entities.flatMap((e) => (e.kind === 'deadline' && e.date ? [e.date] : []))),
    selectionMethod: new Set(entities.flatMap((e) => (e.kind === 'selection' ? [e.value] : []))),
    workLocations: new Set(entities.flatMap((e) => (e.kind === 'location' && e.role === 'work' && e.comune ? [norm(e.comune)] : []))),
    requiredDegrees: new Set(entities.flatMap((e) => (e.kind === 'degree' && e.role === 'required' ? [norm(e.code ?? e.name)] : []))),
  };
}

/** Model entities whose evidence is in the text, with its span; the others are dropped. */
export function groundModelEntities(text: string, found: ModelEntity[]): (ModelEntity & { span: Evidence })[] {
  return found.flatMap((m) => {
    const at = text.indexOf(m.evidence);
    return at >= 0 ? [{ ...m, value: norm(m.value), span: snippet(text, at, at + m.evidence.length) }] : [];
  });
}

export function applyModelReading(text: string, entities: Entity[], found: ModelEntity[], diff: MetadataDiff): void {
  const grounded = groundModelEntities(text, found);
  const rules = rulesReading(entities);
  for (const field of MODEL_FIELDS) {
    const model = grounded.filter((g) => g.field === field);
    if (!model.length) continue;
    const mine = rules[field];
    const theirs = new Set(model.map((m) => m.value));
    const agree = mine.size === theirs.size && [...mine].every((v) => theirs.has(v));
    if (agree) continue;
    // The rules' discrepancies on this field are no longer certain: they become part of the question.
    const moved: Discrepancy[] = diff.discrepancies.filter((d) => d.field === field);
    diff.discrepancies = diff.discrepancies.filter((d) => d.field !== field);
    const item: AmbiguousItem = {
      id: `model:${field}`,
      field,
      question: `The rules read ${field} as ${[...mine].join(', ') || 'nothing'}, the extractor model as ${[...theirs].join(', ')}: which does the bando say?${moved.length ? ` (the rules reported: ${moved.map((d) => d.message).join('; ')})` : ''}`,
      ...(mine.size ? { textValue: [...mine].join(' | ') } : {}),
      ...(moved[0]?.metadataValue ? { metadataValue: moved[0].metadataValue } : {}),
      evidence: [...moved.flatMap((d) => d.evidence), ...model.map((m) => m.span)],
      options: ['match', 'wrong', 'missing', 'extra'],
      candidates: [...new Set([...mine, ...theirs])],
      raisedBy: 'llm-disagreement',
    };
    diff.ambiguous.push(item);
  }
}
