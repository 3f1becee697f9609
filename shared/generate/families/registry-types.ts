import type { GeneratedCase, GenerateOptions, TenderInput } from '../types.ts';

/** One family: a tender (and options) in, cases out. Async only because of the optional model. */
export type FamilyGenerator = (tender: TenderInput, opts: GenerateOptions) => GeneratedCase[] | Promise<GeneratedCase[]>;
