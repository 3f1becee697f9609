/**
 * What the metadata verifier extracts from a bando's text and how it reports the diff against the attached
 * metadata. Zod schemas because verdicts are stored (metadata_checks) and read back by the reporter.
 */
import { z } from 'zod';
import { PROCEDURES } from '../tender/metadata.ts';
import { SELECTION_METHODS } from './input.ts';

export const ENTITY_KINDS = ['degree', 'location', 'deadline', 'posts', 'procedure', 'selection'] as const;
export const entityKind = z.enum(ENTITY_KINDS);
export type EntityKind = z.infer<typeof entityKind>;

/** Where in the full text an entity was read: character offsets [start, end) and the text there. */
export const evidenceSchema = z.object({ start: z.number().int().min(0), end: z.number().int().min(0), snippet: z.string() });
export type Evidence = z.infer<typeof evidenceSchema>;

const base = { confidence: z.number().min(0).max(1), evidence: evidenceSchema };

/** excluded: named only to deny it admission ("non è titolo idoneo la laurea L-14"). */
export const DEGREE_ROLES = ['required', 'preference', 'excluded', 'other'] as const;
export type DegreeRole = (typeof DEGREE_ROLES)[number];
export const degreeEntity = z.object({
  kind: z.literal('degree'),
  /** Canonical class code (L-18, LM-85 bis, LMG/01, 64/S, 17); absent for vecchio-ordinamento names. */
  code: z.string().optional(),
  /** 'title': a non-class title (school or university diploma, doctorate, qualification), kept as written. */
  system: z.enum(['270', '509', 'vo', 'title']),
  /** Official class name, or the name as written for vecchio-ordinamento degrees and other titles. */
  name: z.string(),
  written: z.string(),
  role: z.enum(DEGREE_ROLES),
  /** Why the mention is not a requirement when the text says why: the commission's titles, an alternative to experience. */
  roleCue: z.enum(['excluded', 'commission', 'alternative']).optional(),
  /** The bando's own label for the code names another class (e.g. "L-16 - Scienze politiche"). */
  labelMismatch: z.object({ label: z.string(), officialName: z.string(), labelMatches: z.array(z.string()) }).optional(),
  ...base,
});
export type DegreeEntity = z.infer<typeof degreeEntity>;

export const LOCATION_ROLES = ['work', 'exam', 'commission', 'other'] as const;
export type LocationRole = (typeof LOCATION_ROLES)[number];
export const locationEntity = z.object({
  kind: z.literal('location'),
  level: z.enum(['comune', 'provincia', 'regione']),
  name: z.string(),
  comune: z.string().optional(),
  provincia: z.string().optional(),
  regione: z.string(),
  role: z.enum(LOCATION_ROLES),
  /** Why the role was chosen (the context cue), e.g. "residenti" for a candidate's region of residence. */
  cue: z.string().optional(),
  ...base,
});
export type LocationEntity = z.infer<typeof locationEntity>;

export const deadlineEntity = z.object({
  kind: z.literal('deadline'),
  basis: z.enum(['absolute', 'relative']),
  /** Resolved date (YYYY-MM-DD); absent for a relative deadline without a Gazzetta date. */
  date: z.string().optional(),
  time: z.string().optional(),
  /** For relative deadlines: days after publication, and what the count starts from. */
  days: z.number().int().positive().optional(),
  from: z.enum(['gazzetta', 'bulletin', 'albo', 'web', 'publication']).optional(),
  /** The publication date the count started from (metadata, or the date the text gives for that venue). */
  countedFrom: z.string().optional(),
  /** The computed day fell on a Sunday or a national holiday and was moved to this next working day. */
  rolledOverFrom: z.string().optional(),
  ...base,
});
export type DeadlineEntity = z.infer<typeof deadlineEntity>;

export const postsEntity = z.object({
  kind: z.literal('posts'),
  /** share: the part of the total given to one seat, profile or group ("Bari (n. 2 posti)"), never a total. */
  role: z.enum(['total', 'reserved', 'share']),
  count: z.number().int().positive(),
  ...base,
});
export type PostsEntity = z.infer<typeof postsEntity>;

export const procedureEntity = z.object({
  kind: z.literal('procedure'),
  value: z.enum(PROCEDURES),
  /** Other kinds the same title names ("Avviso di selezione pubblica"): a metadata value among them agrees. */
  also: z.array(z.enum(PROCEDURES)).optional(),
  ...base,
});
export type ProcedureEntity = z.infer<typeof procedureEntity>;

/** The selection method: per esami, per titoli ed esami, per (soli) titoli, per titoli e colloquio, per colloquio. */
export const selectionEntity = z.object({ kind: z.literal('selection'), value: z.enum(SELECTION_METHODS), ...base });
export type SelectionEntity = z.infer<typeof selectionEntity>;

export const entitySchema = z.discriminatedUnion('kind', [degreeEntity, locationEntity, deadlineEntity, postsEntity, procedureEntity, selectionEntity]);
export type Entity = z.infer<typeof entitySchema>;

export const articleSchema = z.object({
  number: z.string().optional(),
  title: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  topics: z.array(z.enum(['requirements', 'preferences', 'location', 'exam', 'deadline', 'posts', 'profile'])),
});
export type Article = z.infer<typeof articleSchema>;
export type ArticleTopic = Article['topics'][number];

export const islandSchema = z.object({ start: z.number().int(), end: z.number().int() });
export type Island = z.infer<typeof islandSchema>;

export const extractionSchema = z.object({
  articles: z.array(articleSchema),
  islands: z.array(islandSchema),
  entities: z.array(entitySchema),
});
export type Extraction = z.infer<typeof extractionSchema>;

export interface ExtractOptions {
  /** Publication date in the Gazzetta Ufficiale (YYYY-MM-DD): resolves "30° giorno successivo alla pubblicazione". */
  gazzettaDate?: string;
  /** Publication date on the portal, used when the text counts from "pubblicazione" without naming the GU. */
  publicationDate?: string;
  /** The record's profile (or title): in a notice with several profiles, only that profile's passages count. */
  profile?: string;
}

export const METADATA_FIELDS = ['requiredDegrees', 'workLocations', 'deadline', 'deadlineTime', 'posts', 'procedure', 'selectionMethod'] as const;
export const metadataField = z.enum(METADATA_FIELDS);
export type MetadataField = z.infer<typeof metadataField>;

export const discrepancySchema = z.object({
  field: metadataField,
  /** missing: the text says it, the metadata does not; extra: the metadata says it, the text (which covers the
   *  field) does not; wrong: both give the field and disagree (value, or role such as exam venue vs work place). */
  type: z.enum(['missing', 'extra', 'wrong']),
  textValue: z.string().optional(),
  metadataValue: z.string().optional(),
  message: z.string(),
  evidence: z.array(evidenceSchema),
  resolvedBy: z.enum(['rules', 'resolver']).default('rules'),
});
export type Discrepancy = z.infer<typeof discrepancySchema>;

export const ambiguousSchema = z.object({
  id: z.string(),
  field: metadataField,
  question: z.string(),
  textValue: z.string().optional(),
  metadataValue: z.string().optional(),
  evidence: z.array(evidenceSchema),
  /** What the rules could not decide between; a resolver answers with one of these. */
  options: z.array(z.enum(['match', 'missing', 'extra', 'wrong'])),
  /** The concrete answers a reviewer chooses among (the metadata's value, the values the text gives). */
  candidates: z.array(z.string()).optional(),
  /** The text around each evidence span, so a reviewer sees it highlighted without opening the bando. */
  context: z.array(z.object({ before: z.string(), highlight: z.string(), after: z.string() })).optional(),
  /** Who raised it: the rules, or a disagreement between the rules and the extractor model. */
  raisedBy: z.enum(['rules', 'llm-disagreement']).optional(),
});
export type AmbiguousItem = z.infer<typeof ambiguousSchema>;

export const noteSchema = z.object({ kind: z.enum(['label-mismatch', 'unverified']), message: z.string(), evidence: z.array(evidenceSchema) });
export type Note = z.infer<typeof noteSchema>;

export const metadataDiffSchema = z.object({
  discrepancies: z.array(discrepancySchema),
  ambiguous: z.array(ambiguousSchema),
  /** Things worth a human's eye that do not by themselves make the metadata wrong. */
  notes: z.array(noteSchema),
});
export type MetadataDiff = z.infer<typeof metadataDiffSchema>;

export const metadataVerdictSchema = metadataDiffSchema.extend({
  tenderId: z.string(),
  verdict: z.enum(['ok', 'ko']),
  entities: z.array(entitySchema),
});
export type MetadataVerdict = z.infer<typeof metadataVerdictSchema>;

/** The decision a resolver (the LLM extractor, wired by the service) returns for one ambiguous item. */
export const resolutionSchema = z.object({
  id: z.string(),
  decision: z.enum(['match', 'missing', 'extra', 'wrong', 'unknown']),
  reason: z.string().optional(),
});
export type Resolution = z.infer<typeof resolutionSchema>;
export type ResolveAmbiguous = (items: AmbiguousItem[], text: string) => Promise<Resolution[]>;
