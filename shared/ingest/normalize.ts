/**
 * One raw document → a normalised tender (clean text, articles, validated metadata), or the reason it cannot
 * be ingested. Never throws: a bad document must not stop the others.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { tenderMetadataSchema } from '../tender/metadata.ts';
import { splitArticles } from './articles.ts';
import { cleanPdfPages, tidy } from './clean.ts';
import { extractPdfPages } from './pdf.ts';
import type { NormalizedTender, RawDocument } from './types.ts';

/** Below this many characters a text is an empty page or a scanned PDF without a text layer. */
const MIN_TEXT_CHARS = 40;

export type NormalizeResult = { ok: true; tender: NormalizedTender } | { ok: false; reason: string };

export async function normalizeDocument(raw: RawDocument): Promise<NormalizeResult> {
  let text: string;
  if (raw.pdf) {
    try {
      text = cleanPdfPages(await extractPdfPages(raw.pdf));
    } catch (err) {
      return { ok: false, reason: `unreadable PDF: ${(err as Error).message}` };
    }
  } else {
    text = tidy(raw.text ?? '');
  }
  if (text.length < MIN_TEXT_CHARS) {
    return { ok: false, reason: text.length === 0 ? 'empty text' : `text too short (${text.length} characters)` };
  }
  const input = raw.metadata && typeof raw.metadata === 'object' ? { id: defaultTenderId(raw), ...raw.metadata } : raw.metadata;
  const parsed = tenderMetadataSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: `invalid metadata: ${z.prettifyError(parsed.error).replace(/\n/g, '; ')}` };
  return { ok: true, tender: { id: parsed.data.id, text, articles: splitArticles(text), metadata: parsed.data } };
}

/** A tender id from the source and external id when the metadata carries none (ids allow [A-Za-z0-9_.-]). */
export function defaultTenderId(raw: Pick<RawDocument, 'sourceId' | 'externalId'>): string {
  const stem = raw.externalId.replace(/\.(md|txt|pdf|json)$/i, '').replace(/[^A-Za-z0-9_.-]+/g, '-');
  return `${raw.sourceId}-${stem}`.replace(/-+/g, '-').replace(/^-|-$/g, '');
}

/** The hash that decides "changed": the text and the metadata with keys in a fixed order. */
export function contentHash(tender: Pick<NormalizedTender, 'text' | 'metadata'>): string {
  return createHash('sha256').update(tender.text).update('\u0000').update(canonicalJson(tender.metadata)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
