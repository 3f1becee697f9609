/**
 * `inpa` source: the inPA portal's public API (or anything shaped like it). The list endpoint is paged
 * (POST ...search-better?page=&size=, a Spring page `{ content, totalPages, last }`), each record then read
 * in detail (GET .../{id}). A failing page is retried with backoff, a bounded number of times; a failing
 * detail becomes an ingestion error for that record only.
 */
import { z } from 'zod';
import type { Source, SourceItem } from '../types.ts';
import { fetchBytes, fetchJson } from './http.ts';
import { inpaMetadata, inpaPdfMediaId, inpaRecordSchema, inpaText } from './inpa-map.ts';

export const inpaSourceSchema = z.strictObject({
  type: z.literal('inpa'),
  id: z.string().regex(/^[A-Za-z0-9_.-]+$/).default('inpa'),
  baseUrl: z.string().url().default('https://portale.inpa.gov.it'),
  listPath: z.string().default('/concorsi-smart/api/concorso-public-area/search-better'),
  detailPath: z.string().default('/concorsi-smart/api/concorso-public-area/{id}'),
  mediaPath: z.string().default('/api/media/{id}'),
  /** The search body (filters) sent to the list endpoint. */
  query: z.record(z.string(), z.unknown()).default({}),
  pageSize: z.number().int().min(1).max(200).default(50),
  /** A cap, so that a misbehaving endpoint that never says "last" cannot page forever. */
  maxPages: z.number().int().min(1).default(20),
  retries: z.number().int().min(0).max(10).default(3),
  backoffMs: z.number().int().min(0).default(1000),
  /** Download the bando PDF and ingest its text instead of the portal's description. */
  fetchPdf: z.boolean().default(false),
});
export type InpaSourceConfig = z.output<typeof inpaSourceSchema>;

const pageSchema = z.union([
  z.object({
    content: z.array(z.unknown()),
    totalPages: z.number().optional(),
    last: z.boolean().optional(),
  }),
  z.array(z.unknown()).transform((content) => ({ content, totalPages: undefined, last: undefined })),
]);

export function inpaSource(config: InpaSourceConfig): Source {
  const url = (path: string) => new URL(path, config.baseUrl).toString();
  return {
    id: config.id,
    async *documents(signal?: AbortSignal): AsyncIterable<SourceItem> {
      const retry = { retries: config.retries, backoffMs: config.backoffMs, signal };
      for (let page = 0; page < config.maxPages; page++) {
        const listUrl = `${url(config.listPath)}?page=${page}&size=${config.pageSize}`;
        const body = await fetchJson(
          listUrl,
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(config.query) },
          retry,
        );
        const parsed = pageSchema.safeParse(body);
        if (!parsed.success) throw new Error(`${listUrl}: not a page of records`);
        for (const [i, raw] of parsed.data.content.entries()) {
          signal?.throwIfAborted();
          yield await readRecord(raw, `page ${page} #${i}`);
        }
        const { content, totalPages, last } = parsed.data;
        if (content.length === 0 || last === true || (totalPages !== undefined && page + 1 >= totalPages)) return;
      }

      async function readRecord(raw: unknown, where: string): Promise<SourceItem> {
        const listed = inpaRecordSchema.safeParse(raw);
        if (!listed.success) return { sourceId: config.id, externalId: where, error: `bad list record: ${z.prettifyError(listed.error).replace(/\n/g, '; ')}` };
        const externalId = listed.data.id;
        try {
          const detailRaw = await fetchJson(url(config.detailPath.replace('{id}', encodeURIComponent(externalId))), {}, retry);
          // The detail adds fields (company, sedi as objects, requisiti); the list record fills what it lacks.
          const detail = inpaRecordSchema.safeParse({ ...(raw as object), ...(detailRaw as object) });
          if (!detail.success) return { sourceId: config.id, externalId, error: `bad detail record: ${z.prettifyError(detail.error)}` };
          const metadata = inpaMetadata(detail.data);
          const mediaId = config.fetchPdf ? inpaPdfMediaId(detail.data) : undefined;
          if (mediaId) {
            const pdf = await fetchBytes(url(config.mediaPath.replace('{id}', encodeURIComponent(mediaId))), retry);
            return { sourceId: config.id, externalId, pdf, metadata };
          }
          return { sourceId: config.id, externalId, text: inpaText(detail.data), metadata };
        } catch (err) {
          if (signal?.aborted) throw err;
          return { sourceId: config.id, externalId, error: `detail fetch failed: ${(err as Error).message}` };
        }
      }
    },
  };
}
