/** The postgres source on real tables: a real[] column and a pgvector-style text '[..]' column. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnose } from '../../../shared/diagnostics/diagnose.ts';
import { openSource } from '../../../shared/diagnostics/sources/index.ts';
import { parseVectorText } from '../../../shared/diagnostics/sources/postgres.ts';
import type { VectorRecord } from '../../../shared/diagnostics/types.ts';
import { createTestInfra, type TestInfra } from '../../helpers/infra.ts';
import { clustered } from '../fixtures.ts';

let infra: TestInfra;
const records = clustered({ docs: 30, chunks: 5, dim: 24, noise: 0.1, seed: 31 });

beforeAll(async () => {
  infra = await createTestInfra('diagnostics postgres source');
  const { sql } = infra;
  await sql`create table chunks_arr (id text primary key, doc text, emb real[])`;
  await sql`create table chunks_txt (chunk_id bigint primary key, document_id text, embedding text)`;
  const rows = records.map((r, i) => ({ i, id: r.id, doc: r.docId, v: Array.from(r.vector!) }));
  for (const r of rows) {
    await sql`insert into chunks_arr values (${r.id}, ${r.doc}, ${r.v}::real[])`;
    await sql`insert into chunks_txt values (${r.i}, ${r.doc}, ${'[' + r.v.join(',') + ']'})`;
  }
  // Broken rows: a null vector, a zero vector, a NaN and a short vector, in both tables.
  await sql`insert into chunks_arr values ('n', 'x', null), ('z', 'x', ${new Array(24).fill(0)}::real[]),
    ('nan', 'y', ${'{NaN,' + new Array(23).fill(1).join(',') + '}'}::real[]), ('short', 'y', '{1,2,3}'::real[])`;
  await sql`insert into chunks_txt values (1000, 'x', null), (1001, 'x', ${'[' + new Array(24).fill(0).join(',') + ']'}),
    (1002, 'y', ${'[NaN,' + new Array(23).fill(1).join(',') + ']'}), (1003, 'y', '[1,2,3]')`;
});
afterAll(async () => infra?.teardown());

async function collect(src: AsyncIterable<VectorRecord>) {
  const out: VectorRecord[] = [];
  for await (const r of src) out.push(r);
  return out;
}

describe('postgres source', () => {
  it('streams a real[] column through a cursor, with the rows as written', async () => {
    const src = openSource(
      { type: 'postgres', table: 'chunks_arr', idColumn: 'id', docColumn: 'doc', vectorColumn: 'emb', vectorFormat: 'array', batchSize: 7 },
      { sql: infra.sql },
    );
    const rows = await collect(src);
    expect(rows).toHaveLength(154);
    const first = rows.find((r) => r.id === records[0]!.id)!;
    expect(first.docId).toBe(records[0]!.docId);
    expect(Array.from(first.vector!)).toEqual(Array.from(Float32Array.from(records[0]!.vector!)));
  });

  it('diagnoses both column kinds alike: same counts, same silhouette', async () => {
    const arr = openSource(
      { type: 'postgres', table: 'chunks_arr', idColumn: 'id', docColumn: 'doc', vectorColumn: 'emb', vectorFormat: 'array' },
      { sql: infra.sql },
    );
    const txt = openSource(
      { type: 'postgres', url: infra.url, table: 'chunks_txt', idColumn: 'chunk_id', docColumn: 'document_id', vectorColumn: 'embedding' },
      {},
    );
    const a = await diagnose(arr, { sampleSize: 500 });
    const t = await diagnose(txt, { sampleSize: 500 });
    for (const m of [a.metrics, t.metrics]) {
      expect(m).toMatchObject({ objects: 154, nullVectors: 1, zeroVectors: 1, nonFiniteVectors: 1 });
      expect(m.dimension).toMatchObject({ expected: 24, mismatched: 1 });
      expect(m.silhouette.value).toBeGreaterThan(0.5);
    }
    expect(t.metrics.silhouette.value).toBeCloseTo(a.metrics.silhouette.value!, 5);
  });

  it('refuses table or column names that are not plain identifiers', () => {
    expect(() => openSource({ type: 'postgres', table: 'chunks; drop table runs' }, { sql: infra.sql })).toThrow(/identifier/);
    expect(() => openSource({ type: 'postgres', table: 'chunks_arr', vectorColumn: 'emb"x' }, { sql: infra.sql })).toThrow(
      /identifier/,
    );
  });

  it('parses pgvector text', () => {
    expect(parseVectorText('[1,2.5,-3e-05]')).toEqual([1, 2.5, -3e-5]);
    expect(parseVectorText('[]')).toEqual([]);
    expect(() => parseVectorText('[1,,2]')).toThrow(/invalid vector/);
  });
});
