/** ingest() end to end on Postgres: incremental re-runs, versions, bad documents as errors, a JSON feed. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingest, loadCurrentTenders } from '../../shared/ingest/index.ts';
import { loadDemoCorpus } from '../../examples/corpus/corpus.ts';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { BANDO_PAGES, buildBandoPdf } from './pdf-fixture.ts';
import { json, serve } from './http-server.ts';

let infra: TestInfra;
let dir: string;
const corpus = loadDemoCorpus().slice(0, 3);
const pdfMeta = {
  ...corpus[0]!.metadata,
  id: 'prova-istruttore-tecnico',
  title: 'Concorso pubblico per 3 posti di Istruttore tecnico',
  administration: 'Comune di Prova',
  posts: 3,
};

beforeAll(async () => {
  infra = await createTestInfra('ingest');
  dir = mkdtempSync(join(tmpdir(), 'vaglio-ingest-'));
  for (const t of corpus) {
    writeFileSync(join(dir, `${t.id}.md`), t.text);
    writeFileSync(join(dir, `${t.id}.json`), JSON.stringify(t.metadata));
  }
  writeFileSync(join(dir, 'prova.pdf'), await buildBandoPdf(BANDO_PAGES));
  writeFileSync(join(dir, 'prova.json'), JSON.stringify(pdfMeta));
  // Bad documents: invalid metadata, empty text, a PDF that is not one, no metadata file at all.
  writeFileSync(join(dir, 'bad-meta.md'), corpus[0]!.text);
  writeFileSync(join(dir, 'bad-meta.json'), JSON.stringify({ ...corpus[0]!.metadata, id: 'bad-meta', deadline: '15/01/2027' }));
  writeFileSync(join(dir, 'empty.txt'), '');
  writeFileSync(join(dir, 'empty.json'), JSON.stringify({ ...corpus[0]!.metadata, id: 'empty' }));
  writeFileSync(join(dir, 'broken.pdf'), 'this is not a PDF');
  writeFileSync(join(dir, 'broken.json'), JSON.stringify({ ...corpus[0]!.metadata, id: 'broken' }));
  writeFileSync(join(dir, 'orphan.md'), corpus[1]!.text);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await infra?.teardown();
});

const folder = () => ({ type: 'folder' as const, id: 'demo-folder', path: dir });

describe('ingest', () => {
  it('stores the good documents and records each bad one with its reason', async () => {
    const r = await ingest(infra.sql, folder(), { runId: 'run-1' });
    expect(r.added.sort()).toEqual([...corpus.map((t) => t.id), 'prova-istruttore-tecnico'].sort());
    expect(r.errors.map((e) => e.externalId).sort()).toEqual(['bad-meta.md', 'broken.pdf', 'empty.txt', 'orphan.md']);
    expect(r.errors.find((e) => e.externalId === 'bad-meta.md')?.reason).toMatch(/invalid metadata.*deadline/);
    expect(r.errors.find((e) => e.externalId === 'broken.pdf')?.reason).toMatch(/unreadable PDF/);
    expect(r.errors.find((e) => e.externalId === 'empty.txt')?.reason).toBe('empty text');
    const stored = await infra.sql<{ external_id: string; run_id: string }[]>`select external_id, run_id from ingestion_errors order by external_id`;
    expect(stored.map((e) => [e.external_id, e.run_id])).toEqual([
      ['bad-meta.md', 'run-1'],
      ['broken.pdf', 'run-1'],
      ['empty.txt', 'run-1'],
      ['orphan.md', 'run-1'],
    ]);
  });

  it('stores the cleaned PDF text and its articles', async () => {
    const [pdf] = await loadCurrentTenders(infra, ['prova-istruttore-tecnico']);
    expect(pdf?.text).toContain('un concorso pubblico');
    expect(pdf?.text).not.toContain('Pagina 1 di 3');
    expect(pdf?.articles.map((a) => a.number)).toEqual([null, '1', '2', '3']);
  });

  it('re-run: skips unchanged documents and versions only the changed one', async () => {
    const again = await ingest(infra.sql, folder());
    expect(again.added).toEqual([]);
    expect(again.changed).toEqual([]);
    expect(again.unchanged).toHaveLength(corpus.length + 1);

    const target = corpus[1]!;
    writeFileSync(join(dir, `${target.id}.json`), JSON.stringify({ ...target.metadata, posts: target.metadata.posts + 1 }));
    const third = await ingest(infra.sql, folder());
    expect(third.changed).toEqual([target.id]);
    expect(third.added).toEqual([]);
    expect(third.unchanged).toHaveLength(corpus.length);

    const versions = await infra.sql<{ tender_id: string; version: number }[]>`select tender_id, version from tender_versions order by tender_id, version`;
    expect(versions.filter((v) => v.tender_id === target.id).map((v) => v.version)).toEqual([1, 2]);
    expect(versions.filter((v) => v.tender_id !== target.id).every((v) => v.version === 1)).toBe(true);
    const [current] = await loadCurrentTenders(infra, [target.id]);
    expect(current).toMatchObject({ version: 2, metadata: { posts: target.metadata.posts + 1 } });
  });

  it('ingests a JSON feed; an item without text or metadata is an error, the others are stored', async () => {
    const t = loadDemoCorpus()[5]!;
    const server = await serve((_req, res) =>
      json(res, 200, { items: [{ id: 'f1', text: t.text, metadata: t.metadata }, { id: 'f2', metadata: { ...t.metadata, id: 'other' } }, { id: 'f3', text: t.text }] }),
    );
    try {
      const r = await ingest(infra, { type: 'json-feed', id: 'feed', url: `${server.url}/feed.json` });
      expect(r.added).toEqual([t.id]);
      expect(r.errors).toEqual([
        { externalId: 'f2', reason: 'feed item has neither text nor pdfUrl' },
        { externalId: 'f3', reason: expect.stringContaining('metadata: an object is required') },
      ]);
    } finally {
      await server.close();
    }
  });

  it('records a source that cannot be listed at all as one error, without throwing', async () => {
    const r = await ingest(infra.sql, { type: 'json-feed', id: 'dead', url: 'http://127.0.0.1:9/feed.json', retries: 0 });
    expect(r.errors).toEqual([{ externalId: '*', reason: expect.stringContaining('source failed') }]);
  });
});
