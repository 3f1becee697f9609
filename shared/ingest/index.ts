/** Public API of the ingester library (services/ingester wires it into task kinds). */
export { ingest, loadCurrentTenders, sqlOf, type IngestOptions, type SqlLike, type StoredTender } from './ingest.ts';
export { normalizeDocument, contentHash, defaultTenderId, type NormalizeResult } from './normalize.ts';
export { cleanPdfPages, dehyphenate, isPageNumber, tidy } from './clean.ts';
export { splitArticles } from './articles.ts';
export { extractPdfPages } from './pdf.ts';
export { htmlToText } from './html.ts';
export { createSource, sourceConfigSchema, type SourceConfig, type SourceConfigInput, type SourceType } from './sources/index.ts';
export { inpaMetadata, inpaText, inpaRecordSchema, romeDateTime } from './sources/inpa-map.ts';
export * from './types.ts';
