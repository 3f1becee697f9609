/**
 * The weaviate source's paging and mapping, with an injected page fetcher that plays a collection ordered
 * by uuid (as Weaviate's cursor is). weaviate-grpc.test.ts runs the real client against a fake server;
 * the last test here runs only against a real Weaviate (WEAVIATE_URL).
 */
import { describe, expect, it } from 'vitest';
import { diagnose } from '../../../shared/diagnostics/diagnose.ts';
import { openSource, sourceConfigSchema } from '../../../shared/diagnostics/sources/index.ts';
import {
  weaviateRecords,
  type FetchPage,
  type WeaviateObjectLike,
} from '../../../shared/diagnostics/sources/weaviate.ts';
import type { VectorRecord } from '../../../shared/diagnostics/types.ts';

const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

function fakeCollection(objects: WeaviateObjectLike[]) {
  const calls: Array<{ after: string | undefined; limit: number }> = [];
  const fetchPage: FetchPage = async (after, limit) => {
    calls.push({ after, limit });
    const start = after === undefined ? 0 : objects.findIndex((o) => o.uuid === after) + 1;
    return objects.slice(start, start + limit);
  };
  return { calls, fetchPage };
}

async function collect(src: AsyncIterable<VectorRecord>) {
  const out: VectorRecord[] = [];
  for await (const r of src) out.push(r);
  return out;
}

describe('weaviate source (injected page fetcher)', () => {
  it('pages by cursor: each request starts after the last uuid, and stops on a short page', async () => {
    const objects = Array.from({ length: 23 }, (_, i) => ({
      uuid: uuid(i),
      properties: { docId: `doc-${Math.floor(i / 4)}` },
      vectors: { default: [i, 1, 0] },
    }));
    const { calls, fetchPage } = fakeCollection(objects);
    const rows = await collect(weaviateRecords(fetchPage, { docIdProperty: 'docId', pageSize: 10 }));
    expect(rows).toHaveLength(23);
    expect(rows[5]).toEqual({ id: uuid(5), docId: 'doc-1', vector: [5, 1, 0] });
    expect(calls).toEqual([
      { after: undefined, limit: 10 },
      { after: uuid(9), limit: 10 },
      { after: uuid(19), limit: 10 },
    ]);
  });

  it('reads a named vector, a custom doc property, and reports objects without a vector as null', async () => {
    const objects: WeaviateObjectLike[] = [
      { uuid: uuid(1), properties: { bando: 'B-1' }, vectors: { title: [1, 0], body: [0, 1] } },
      { uuid: uuid(2), properties: { bando: 42 }, vectors: { title: [0, 1] } },
      { uuid: uuid(3), properties: {}, vectors: {} },
      { uuid: uuid(4), properties: { bando: 'B-2' }, vectors: undefined },
    ];
    const { fetchPage } = fakeCollection(objects);
    const rows = await collect(weaviateRecords(fetchPage, { docIdProperty: 'bando', vectorName: 'body', pageSize: 100 }));
    expect(rows.map((r) => [r.docId, r.vector])).toEqual([
      ['B-1', [0, 1]],
      ['42', null],
      ['', null],
      ['B-2', null],
    ]);
    const defaults = await collect(weaviateRecords(fakeCollection(objects.slice(1)).fetchPage, { docIdProperty: 'bando', pageSize: 100 }));
    expect(defaults[0]!.vector).toEqual([0, 1]); // the only vector, when no name is given
  });

  it('refuses multi-vectors instead of miscounting them', async () => {
    const { fetchPage } = fakeCollection([{ uuid: uuid(1), properties: {}, vectors: { colbert: [[1, 0], [0, 1]] } }]);
    await expect(collect(weaviateRecords(fetchPage, { docIdProperty: 'docId', pageSize: 10 }))).rejects.toThrow(/multi-vector/);
  });

  it('validates its config: collection required, tenant and vectorName optional', () => {
    const ok = sourceConfigSchema.parse({ type: 'weaviate', url: 'http://localhost:8080', collection: 'Bandi', tenant: 'comune-roma' });
    expect(ok).toMatchObject({ docIdProperty: 'docId', pageSize: 500, tenant: 'comune-roma' });
    expect(() => sourceConfigSchema.parse({ type: 'weaviate', url: 'http://localhost:8080' })).toThrow(/collection/);
  });
});

const url = process.env.WEAVIATE_URL;
describe('weaviate source against a server', () => {
  it.skipIf(!url)('skipped: no WEAVIATE_URL — no Weaviate server can run in development or CI', async () => {
    const collection = process.env.WEAVIATE_TEST_COLLECTION ?? 'VaglioDiagnosticsTest';
    const src = openSource(
      { type: 'weaviate', url, collection, docIdProperty: process.env.WEAVIATE_TEST_DOC_PROPERTY ?? 'docId', pageSize: 200 },
      { weaviateApiKey: process.env.WEAVIATE_API_KEY },
    );
    const report = await diagnose(src, { sampleSize: 500 });
    expect(report.metrics.objects).toBeGreaterThan(0);
    expect(report.metrics.dimension.expected).not.toBeNull();
  });
});
