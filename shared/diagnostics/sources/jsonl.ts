/**
 * A JSON-lines file of `{ "id", "docId", "vector" }`, streamed with readline (one line in memory at a time).
 * Python's json.dumps writes bare NaN / Infinity: accepted, since such values are what diagnostics is for.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import type { VectorRecord, VectorSource } from '../types.ts';

export const jsonlSourceSchema = z
  .object({
    type: z.literal('jsonl'),
    path: z.string().min(1),
  })
  .strict();
export type JsonlSourceConfig = z.infer<typeof jsonlSourceSchema>;

const element = z.union([
  z.number(),
  z.enum(['NaN', 'Infinity', '-Infinity']).transform(Number),
  z.null().transform(() => NaN),
]);
const lineSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  docId: z.union([z.string(), z.number()]).transform(String),
  vector: z.array(element).nullable().optional().transform((v) => v ?? null),
});

const NON_JSON_NUMBERS = /(?<![\w"])(NaN|-?Infinity)(?![\w"])/g;

export class JsonlSourceError extends Error {
  constructor(
    readonly path: string,
    readonly line: number,
    message: string,
  ) {
    super(`${path}:${line}: ${message}`);
    this.name = 'JsonlSourceError';
  }
}

export function jsonlSource(config: JsonlSourceConfig): VectorSource {
  return {
    async *[Symbol.asyncIterator](): AsyncGenerator<VectorRecord> {
      const lines = createInterface({ input: createReadStream(config.path), crlfDelay: Infinity });
      let n = 0;
      for await (const line of lines) {
        n++;
        if (line.trim() === '') continue;
        let raw: unknown;
        try {
          raw = JSON.parse(line);
        } catch {
          try {
            raw = JSON.parse(line.replace(NON_JSON_NUMBERS, '"$1"'));
          } catch (err) {
            throw new JsonlSourceError(config.path, n, `invalid JSON: ${(err as Error).message}`);
          }
        }
        const parsed = lineSchema.safeParse(raw);
        if (!parsed.success) {
          throw new JsonlSourceError(config.path, n, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
        }
        yield parsed.data;
      }
    },
  };
}
