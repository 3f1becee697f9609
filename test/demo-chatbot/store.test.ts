/** The demo schema and corpus loader: idempotent upserts, full-text search, embeddings diagnostics can read. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDING_DIMS, hashedEmbedding, loadCorpus } from '../../services/demo-chatbot/index.ts';
import { parseTenderMarkdown } from '../../services/demo-chatbot/corpus.ts';
import { getFaq, getTenderText, searchTenders } from '../../services/demo-chatbot/tools.ts';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { TENDERS, TODAY, writeFixtureCorpus } from './fixture.ts';

let infra: TestInfra;
let corpus: Awaited<ReturnType<typeof writeFixtureCorpus>>;
beforeAll(async () => {
  infra = await createTestInfra('demo chatbot store');
  corpus = await writeFixtureCorpus();
});
afterAll(async () => {
  await corpus?.cleanup();
  await infra?.teardown();
});

const ctx = () => ({ sql: infra.sql, today: TODAY, faults: new Set<never>() });

describe('demo store', () => {
  it('parses a bando into title and numbered articles', () => {
    const p = parseTenderMarkdown(TENDERS[0]!.md);
    expect(p.title).toBe(TENDERS[0]!.meta.title);
    expect(p.articles.map((a) => a.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(p.articles[2]?.heading).toBe('Presentazione della domanda');
  });

  it('loads the corpus idempotently', async () => {
    const first = await loadCorpus(infra.sql, corpus.dir);
    const second = await loadCorpus(infra.sql, corpus.dir);
    expect(second).toEqual(first);
    const [counts] = await infra.sql<{ t: number; c: number; f: number }[]>`
      select (select count(*)::int from demo.tenders) t, (select count(*)::int from demo.chunks) c,
        (select count(*)::int from demo.faq) f`;
    expect(counts).toEqual({ t: TENDERS.length, c: first.chunks, f: first.faq });
  });

  it('stores unit-length embeddings that diagnostics can read per tender_id', async () => {
    const rows = await infra.sql<{ tender_id: string; embedding: number[] }[]>`select tender_id, embedding from demo.chunks`;
    for (const r of rows) {
      expect(r.embedding).toHaveLength(EMBEDDING_DIMS);
      expect(Math.hypot(...r.embedding)).toBeCloseTo(1, 4);
    }
    expect(new Set(rows.map((r) => r.tender_id)).size).toBe(TENDERS.length);
  });

  it('gives similar texts closer embeddings than unrelated ones', () => {
    const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * (b[i] ?? 0), 0);
    const q = hashedEmbedding('scadenza presentazione della domanda');
    expect(dot(q, hashedEmbedding('termine di presentazione della domanda'))).toBeGreaterThan(
      dot(q, hashedEmbedding('sede di lavoro uffici comunali')),
    );
    expect(dot(hashedEmbedding('Università'), hashedEmbedding('universita'))).toBeCloseTo(1, 6);
  });

  it('search_tenders matches Italian inflections and falls back to any word', async () => {
    expect((await searchTenders(ctx(), { query: 'ingegnere' })).map((h) => h.id)).toEqual(['MI-ING-2026-07']);
    const any = await searchTenders(ctx(), { query: 'ingegneri astronauti' });
    expect(any.map((h) => h.id)).toEqual(['MI-ING-2026-07']);
  });

  it('get_tender_text returns articles, and an error for an unknown id', async () => {
    const t = await getTenderText(ctx(), { id: 'PISA-2026-001' });
    expect('articles' in t && t.articles).toHaveLength(6);
    expect(await getTenderText(ctx(), { id: 'NOPE' })).toHaveProperty('error');
  });

  it('get_faq ranks the matching entry first', async () => {
    expect((await getFaq(ctx(), { query: 'equipollenza titolo' }))[0]?.id).toBe('equipollenza');
  });
});
