/** Optional PII redaction (VAGLIO_REDACT_PII): what is replaced and how is described in pii.ts. */
export { PII_KINDS, PII_PLACEHOLDER, redactDeep, redactPii, redactPiiCounted, type PiiKind, type RedactCounts } from './pii.ts';
export { cfCheckChar, isValidCodiceFiscale, isValidIban } from './checksums.ts';
export { redactTranscript } from './transcript.ts';
export { secretForms } from './secret-forms.ts';
