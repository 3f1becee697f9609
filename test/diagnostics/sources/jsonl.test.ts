/** The jsonl source: streamed lines, bare NaN/Infinity accepted, errors name the file and line. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnose } from '../../../shared/diagnostics/diagnose.ts';
import { openSource } from '../../../shared/diagnostics/sources/index.ts';
import type { VectorRecord } from '../../../shared/diagnostics/types.ts';
import { clustered } from '../fixtures.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vaglio-diag-jsonl-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

async function collect(src: AsyncIterable<VectorRecord>) {
  const out: VectorRecord[] = [];
  for await (const r of src) out.push(r);
  return out;
}

describe('jsonl source', () => {
  it('reads every line, including null vectors and Python-style NaN / Infinity', async () => {
    const file = path.join(dir, 'a.jsonl');
    await writeFile(
      file,
      [
        '{"id":"1","docId":"a","vector":[0.5,1,-2]}',
        '',
        '{"id":2,"docId":"a","vector":null}',
        '{"id":"3","docId":"b","vector":[NaN,1,-Infinity]}',
        '{"id":"4","docId":"b"}',
      ].join('\n'),
    );
    const rows = await collect(openSource({ type: 'jsonl', path: file }));
    expect(rows.map((r) => r.id)).toEqual(['1', '2', '3', '4']);
    expect(rows[0]).toEqual({ id: '1', docId: 'a', vector: [0.5, 1, -2] });
    expect(rows[1]!.vector).toBeNull();
    expect(rows[2]!.vector).toEqual([NaN, 1, -Infinity]);
    expect(rows[3]!.vector).toBeNull();
  });

  it('names the file and line of a malformed record', async () => {
    const file = path.join(dir, 'bad.jsonl');
    await writeFile(file, '{"id":"1","docId":"a","vector":[1]}\n{"id":"2","vector":[1]}\n');
    await expect(collect(openSource({ type: 'jsonl', path: file }))).rejects.toThrow(/bad\.jsonl:2: docId/);
  });

  it('feeds diagnose with the same figures as the in-memory vectors', async () => {
    const records = clustered({ docs: 20, chunks: 5, dim: 16, noise: 0.1, seed: 21 });
    records.push({ id: 'z', docId: 'z', vector: new Array(16).fill(0) });
    const file = path.join(dir, 'c.jsonl');
    await writeFile(file, records.map((r) => JSON.stringify({ ...r, vector: r.vector && Array.from(r.vector) })).join('\n'));
    const report = await diagnose(openSource({ type: 'jsonl', path: file }), { sampleSize: 500 });
    expect(report.metrics.objects).toBe(101);
    expect(report.metrics.zeroVectors).toBe(1);
    expect(report.metrics.silhouette.points).toBe(100);
    expect(report.metrics.silhouette.value).toBeGreaterThan(0.5);
  });

  it('rejects an invalid source config before reading anything', () => {
    expect(() => openSource({ type: 'jsonl' })).toThrow(/path/);
    expect(() => openSource({ type: 'csv', path: 'x' })).toThrow();
  });
});
