/**
 * `folder` source: text, Markdown and PDF files, each with a JSON metadata file beside it (same stem):
 * `bando-12.pdf` + `bando-12.json`. JSON files without a document (labels, indexes) are ignored.
 */
import { readdir, readFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { z } from 'zod';
import type { Source, SourceItem } from '../types.ts';

export const folderSourceSchema = z.strictObject({
  type: z.literal('folder'),
  id: z.string().regex(/^[A-Za-z0-9_.-]+$/).default('folder'),
  path: z.string().min(1),
  recursive: z.boolean().default(false),
});
export type FolderSourceConfig = z.output<typeof folderSourceSchema>;

const DOCUMENT = /\.(md|markdown|txt|pdf)$/i;
const DOCS = /^[A-Z0-9_]+\.(md|markdown|txt)$/;

export function folderSource(config: FolderSourceConfig): Source {
  return {
    id: config.id,
    async *documents(signal?: AbortSignal): AsyncIterable<SourceItem> {
      const files = (await listFiles(config.path, config.recursive)).sort();
      const present = new Set(files);
      for (const file of files) {
        signal?.throwIfAborted();
        if (!DOCUMENT.test(file)) continue;
        // Upper-case names (README.md, SEEDED_ERRORS.md) document the folder; they are not bandi.
        if (DOCS.test(basename(file))) continue;
        const externalId = relative(config.path, file);
        const metaFile = file.replace(DOCUMENT, '.json');
        if (!present.has(metaFile)) {
          yield { sourceId: config.id, externalId, error: `no metadata file ${relative(config.path, metaFile)} beside it` };
          continue;
        }
        let metadata: unknown;
        try {
          metadata = JSON.parse(await readFile(metaFile, 'utf8'));
        } catch (err) {
          yield { sourceId: config.id, externalId, error: `metadata file is not JSON: ${(err as Error).message}` };
          continue;
        }
        const bytes = await readFile(file);
        yield /\.pdf$/i.test(file)
          ? { sourceId: config.id, externalId, pdf: new Uint8Array(bytes), metadata }
          : { sourceId: config.id, externalId, text: bytes.toString('utf8'), metadata };
      }
    },
  };
}

async function listFiles(dir: string, recursive: boolean): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const out: string[] = [];
  for (const e of entries) {
    const full = join(dir, e.name);
    if (e.isFile()) out.push(full);
    else if (e.isDirectory() && recursive) out.push(...(await listFiles(full, true)));
  }
  return out;
}
