/**
 * `inpa-file` source: an inPA-like export on disk, a JSON array of records (or a page `{ content: [...] }`), with
 * each bando's full text in a folder beside it, named by the record's id (`texts/<id>.txt`, `.md` or `.pdf`).
 * A record without a text file is ingested from its own description. Tender ids are the records' ids, with an
 * optional prefix. The metadata contract is docs/metadata.md.
 */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import type { Source, SourceItem } from '../types.ts';
import { inpaMetadata, inpaRecordSchema, inpaText } from './inpa-map.ts';

export const inpaFileSourceSchema = z.strictObject({
  type: z.literal('inpa-file'),
  id: z.string().regex(/^[A-Za-z0-9_.-]+$/).default('inpa-file'),
  /** The JSON export. */
  path: z.string().min(1),
  /** The folder of full texts, relative to the export's folder (default: `texts`). */
  texts: z.string().min(1).default('texts'),
  /** Put before each record's id to make the tender id (default: none, the id as the source gives it). */
  idPrefix: z.string().regex(/^[A-Za-z0-9_.-]*$/).default(''),
});
export type InpaFileSourceConfig = z.output<typeof inpaFileSourceSchema>;

const exportSchema = z.union([z.array(z.unknown()), z.object({ content: z.array(z.unknown()) }).transform((p) => p.content)]);

export function inpaFileSource(config: InpaFileSourceConfig): Source {
  return {
    id: config.id,
    async *documents(signal?: AbortSignal): AsyncIterable<SourceItem> {
      const raw: unknown = JSON.parse(await readFile(config.path, 'utf8'));
      const records = exportSchema.safeParse(raw);
      if (!records.success) throw new Error(`${config.path}: not a JSON array of records (nor { content: [...] })`);
      const textDir = resolve(dirname(config.path), config.texts);
      for (const [i, r] of records.data.entries()) {
        signal?.throwIfAborted();
        const parsed = inpaRecordSchema.safeParse(r);
        if (!parsed.success) {
          yield { sourceId: config.id, externalId: `${config.path} #${i}`, error: `bad record: ${z.prettifyError(parsed.error).replace(/\n/g, '; ')}` };
          continue;
        }
        const rec = parsed.data;
        const metadata = inpaMetadata(rec, { idPrefix: config.idPrefix });
        const file = ['txt', 'md'].map((ext) => join(textDir, `${rec.id}.${ext}`)).find((f) => existsSync(f));
        const pdf = join(textDir, `${rec.id}.pdf`);
        if (file) yield { sourceId: config.id, externalId: rec.id, text: await readFile(file, 'utf8'), metadata };
        else if (existsSync(pdf)) yield { sourceId: config.id, externalId: rec.id, pdf: new Uint8Array(await readFile(pdf)), metadata };
        else yield { sourceId: config.id, externalId: rec.id, text: inpaText(rec), metadata };
      }
    },
  };
}
