/**
 * A Postgres table: id column, document column and a vector column that is either pgvector (read as text
 * '[1,2,3]', so the pgvector extension is not needed on the client) or a real[] / double precision[] array.
 * Read with a server-side cursor in batches: memory is one batch, whatever the table's size.
 * Table and column names are validated as plain identifiers (they cannot be bound as parameters).
 */
import postgres from 'postgres';
import { z } from 'zod';
import type { VectorRecord, VectorSource } from '../types.ts';

const identifier = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, 'a plain SQL identifier (letters, digits, _)');

export const postgresSourceSchema = z
  .object({
    type: z.literal('postgres'),
    /** Connection URL; when omitted the caller's connection (deps.sql) is used. */
    url: z.string().url().optional(),
    schema: identifier.optional(),
    table: identifier,
    idColumn: identifier.default('id'),
    docColumn: identifier.default('doc_id'),
    vectorColumn: identifier.default('embedding'),
    /** 'pgvector': a vector (or text '[..]') column; 'array': real[] or double precision[]. */
    vectorFormat: z.enum(['pgvector', 'array']).default('pgvector'),
    batchSize: z.number().int().min(1).max(100_000).default(1000),
  })
  .strict();
export type PostgresSourceConfig = z.infer<typeof postgresSourceSchema>;

/** Parse pgvector's text form '[1,2.5,-3e-05]' (also NaN / Infinity in plain text columns). */
export function parseVectorText(text: string): number[] {
  const inner = text.trim().replace(/^[[{(]/, '').replace(/[\]})]$/, '').trim();
  if (inner === '') return [];
  return inner.split(',').map((s) => {
    const t = s.trim();
    if (t === '') throw new Error(`invalid vector text: ${text.slice(0, 80)}`);
    return Number(t);
  });
}

export function postgresSource(config: PostgresSourceConfig, deps: { sql?: postgres.Sql }): VectorSource {
  return {
    async *[Symbol.asyncIterator](): AsyncGenerator<VectorRecord> {
      const own = config.url ? postgres(config.url, { max: 1, onnotice: () => {}, connect_timeout: 10 }) : undefined;
      const sql = own ?? deps.sql;
      if (!sql) throw new Error('postgres source: give `url` in the source config or a connection in deps.sql');
      try {
        // raw SQL: reads the user's vector table, whose schema, table and columns come from the source config, not vaglio's schema
        const table = config.schema ? sql(`${config.schema}.${config.table}`) : sql(config.table);
        const vector =
          config.vectorFormat === 'pgvector'
            ? sql`${sql(config.vectorColumn)}::text`
            : sql`${sql(config.vectorColumn)}::float8[]`;
        const query = sql<{ id: string; doc_id: string | null; vector: string | number[] | null }[]>`
          select ${sql(config.idColumn)}::text as id, ${sql(config.docColumn)}::text as doc_id, ${vector} as vector
          from ${table}`;
        for await (const rows of query.cursor(config.batchSize)) {
          for (const r of rows) {
            const v = r.vector;
            yield {
              id: r.id,
              docId: r.doc_id ?? '',
              vector: v === null ? null : typeof v === 'string' ? parseVectorText(v) : v,
            };
          }
        }
      } finally {
        await own?.end({ timeout: 5 });
      }
    },
  };
}
