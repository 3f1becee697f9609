/** What test generation produces: case specs (casePayloadSchema minus `target`, which the run adds) with provenance. */
import { z } from 'zod';
import { casePayloadSchema, checkListSchema } from '../eval/payloads.ts';
import type { RoleClient } from '../llm/index.ts';
import type { TenderMetadata } from '../tender/metadata.ts';

export const FAMILIES = ['boilerplate', 'fact', 'search', 'scope-switch'] as const;
export const familySchema = z.enum(FAMILIES);
export type Family = z.infer<typeof familySchema>;

/** A case as stored in generated_tests.spec; `{ ...spec, target }` parses with casePayloadSchema. */
export const caseSpecSchema = casePayloadSchema.omit({ target: true }).extend({ checks: checkListSchema });
export type CaseSpec = z.input<typeof caseSpecSchema>;

export interface Provenance {
  family: Family;
  tenderId: string;
  version: number;
  /** What produced the case: a config template, deterministic extraction, the metadata, or a model. */
  generator: 'template' | 'extraction' | 'metadata' | 'llm';
  template?: string;
  /** The words of the text the expected fact was read from. */
  evidence?: string;
  confidence?: number;
  /** Other tenders the case involves (scope switching, negative search results). */
  otherTenders?: string[];
  note?: string;
}

export interface GeneratedCase {
  testId: string;
  family: Family;
  spec: CaseSpec;
  provenance: Provenance;
}

export interface TenderInput {
  id: string;
  version: number;
  text: string;
  metadata: TenderMetadata;
}

export interface GenerateOptions {
  /** ISO date the run pins as "today" (date checks, expired bandi). */
  today: string;
  /** The FAQ question asked in the middle of scope-switching conversations. */
  faqQuestion?: string;
  /** Other tenders: the second tender of scope switching, and ids a region-bound search must not return. */
  otherTenders?: TenderInput[];
  /** Generator model: adds LLM facts and search-query rephrasings. Without it generation is fully deterministic. */
  llm?: RoleClient;
  /** Boilerplate questions; default: scenarios/boilerplate/questions.yaml. */
  boilerplate?: BoilerplateQuestion[];
  /** Families to generate (default: all). */
  families?: Family[];
  /** Told of each template left out for a tender, with the reason (a field its metadata lacks). */
  onSkip?: (skip: { family: Family; tenderId: string; template: string; reason: string }) => void;
}

export interface BoilerplateQuestion {
  id: string;
  topic: string;
  question: string;
}
