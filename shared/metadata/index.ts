/** Public API of the metadata verifier library (services/metadata-extractor/index.ts is the service entry). */
export { extractEntities, EXTRACTORS, type Extractor } from './extract.ts';
export { diffMetadata } from './diff.ts';
export { verifyTender, type VerifyOptions } from './verify.ts';
export { saveMetadataVerdict } from './save.ts';
export { applyModelReading, groundModelEntities, modelEntitySchema, MODEL_FIELDS, type ExtractWithModel, type ModelEntity } from './model-check.ts';
export { loadReference, reference, buildEquivalences, equivalencesSchema, type Reference } from './reference.ts';
export { nextWorkingDay, isNationalHoliday } from './holidays.ts';
export { normalizeDegreeCode } from './normalize.ts';
export * from './types.ts';
