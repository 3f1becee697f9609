/** What a source yields and what ingestion returns. Sources know nothing of the database. */
import type { TenderMetadata } from '../tender/metadata.ts';

/** One document as a source found it: text or PDF bytes, plus its metadata as the source wrote it (validated later). */
export interface RawDocument {
  sourceId: string;
  /** The source's own id for the document (file path, feed id, inPA id). */
  externalId: string;
  text?: string;
  pdf?: Uint8Array;
  /** Unvalidated: the normaliser parses it with tenderMetadataSchema. */
  metadata: unknown;
}

/** A document the source could not even produce (detail fetch failed, metadata file missing...). */
export interface RawDocumentError {
  sourceId: string;
  externalId: string;
  error: string;
}

export type SourceItem = RawDocument | RawDocumentError;

export interface Source {
  id: string;
  documents(signal?: AbortSignal): AsyncIterable<SourceItem>;
}

export interface TenderArticle {
  /** "1", "3 bis"; null for the preamble before the first article. */
  number: string | null;
  title: string;
  text: string;
  start: number;
  end: number;
}

export interface NormalizedTender {
  id: string;
  text: string;
  articles: TenderArticle[];
  metadata: TenderMetadata;
}

export interface IngestResult {
  added: string[];
  changed: string[];
  unchanged: string[];
  errors: { externalId: string; reason: string }[];
}

export function isSourceError(item: SourceItem): item is RawDocumentError {
  return 'error' in item;
}
