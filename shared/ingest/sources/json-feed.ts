/**
 * `json-feed` source: a URL returning a JSON array (or `{ items: [...] }`) of `{ id, text | pdfUrl, metadata }`.
 * A `pdfUrl` may be relative to the feed URL.
 */
import { z } from 'zod';
import type { Source, SourceItem } from '../types.ts';
import { fetchBytes, fetchJson } from './http.ts';

export const jsonFeedSourceSchema = z.strictObject({
  type: z.literal('json-feed'),
  id: z.string().regex(/^[A-Za-z0-9_.-]+$/).default('json-feed'),
  url: z.string().url(),
  headers: z.record(z.string(), z.string()).default({}),
  retries: z.number().int().min(0).max(10).default(2),
  backoffMs: z.number().int().min(0).default(500),
});
export type JsonFeedSourceConfig = z.output<typeof jsonFeedSourceSchema>;

const feedItem = z.object({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  text: z.string().optional(),
  pdfUrl: z.string().min(1).optional(),
  // Validated in full by normalizeDocument; here only its presence, with a message that names it.
  metadata: z.record(z.string(), z.unknown(), { error: 'metadata: an object is required' }),
});
const feedSchema = z.union([z.array(z.unknown()), z.object({ items: z.array(z.unknown()) }).transform((f) => f.items)]);

export function jsonFeedSource(config: JsonFeedSourceConfig): Source {
  const retry = { retries: config.retries, backoffMs: config.backoffMs };
  return {
    id: config.id,
    async *documents(signal?: AbortSignal): AsyncIterable<SourceItem> {
      const body = await fetchJson(config.url, { headers: config.headers }, { ...retry, signal });
      const items = feedSchema.safeParse(body);
      if (!items.success) throw new Error(`${config.url}: not a JSON array nor { items: [...] }`);
      for (const [i, raw] of items.data.entries()) {
        signal?.throwIfAborted();
        const item = feedItem.safeParse(raw);
        // A bad item is named by its id when it has a usable one, else by its place in the feed.
        const rawId = (raw as { id?: unknown } | null)?.id;
        const externalId = item.success ? item.data.id : typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : `#${i}`;
        if (!item.success) {
          yield { sourceId: config.id, externalId, error: `bad feed item: ${z.prettifyError(item.error).replace(/\n/g, '; ')}` };
        } else if (item.data.pdfUrl) {
          try {
            const pdf = await fetchBytes(new URL(item.data.pdfUrl, config.url).toString(), { ...retry, signal });
            yield { sourceId: config.id, externalId, pdf, metadata: item.data.metadata };
          } catch (err) {
            yield { sourceId: config.id, externalId, error: `PDF download failed: ${(err as Error).message}` };
          }
        } else if (item.data.text !== undefined) {
          yield { sourceId: config.id, externalId, text: item.data.text, metadata: item.data.metadata };
        } else {
          yield { sourceId: config.id, externalId, error: 'feed item has neither text nor pdfUrl' };
        }
      }
    },
  };
}
