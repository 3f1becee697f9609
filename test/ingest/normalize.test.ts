/** The normaliser on real Gazzetta Ufficiale excerpts, on Markdown bandi and on a PDF built and parsed back. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanPdfPages, extractPdfPages, normalizeDocument, splitArticles } from '../../shared/ingest/index.ts';
import { loadDemoCorpus } from '../../examples/corpus/corpus.ts';
import { hasSharedData, NEEDS_SHARED_DATA, sharedData } from '../helpers/shared-data.ts';
import { BANDO_PAGES, PDF_FOOTER, PDF_HEADER, buildBandoPdf } from './pdf-fixture.ts';

interface Excerpt { codice_redazionale: string; tipo_sezione: string; text: string; data_pubblicazione_gu: string }
const excerpts: Excerpt[] = (hasSharedData ? readFileSync(sharedData('bandi/gu_concorsi_article_excerpts.jsonl'), 'utf8') : '')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Excerpt);
const excerpt = (code: string) => excerpts.find((e) => e.codice_redazionale === code)!;

describe('PDF extraction and clean-up', () => {
  it('drops running headers, footers and page numbers and rejoins hyphenated words', async () => {
    const pages = await extractPdfPages(await buildBandoPdf(BANDO_PAGES));
    expect(pages).toHaveLength(3);
    expect(pages.join('\n')).toContain('Pagina 2 di 3');
    const text = cleanPdfPages(pages);
    expect(text).not.toContain(PDF_HEADER);
    expect(text).not.toContain(PDF_FOOTER);
    expect(text).not.toMatch(/Pagina \d di \d/);
    expect(text).toContain('indice un concorso pubblico');
    expect(text).toContain('Ingegneria civile e ambientale');
    expect(text).toContain('classe L-7');
    const articles = splitArticles(text);
    expect(articles.map((a) => [a.number, a.title])).toEqual([
      [null, 'Concorso pubblico per 3 posti di Istruttore tecnico'],
      ['1', 'Posti messi a concorso'],
      ['2', 'Requisiti di ammissione'],
      ['3', 'Domanda di partecipazione'],
    ]);
  });

  it('removes "- n -" page numbers too', async () => {
    const text = cleanPdfPages(await extractPdfPages(await buildBandoPdf(BANDO_PAGES, { dashNumbers: true })));
    expect(text).not.toMatch(/^- \d -$/m);
    expect(text).toContain('31 gennaio 2027');
  });

  it('turns an unreadable PDF into a reason, not an exception', async () => {
    const r = await normalizeDocument({ sourceId: 's', externalId: 'x.pdf', pdf: new TextEncoder().encode('not a pdf at all'), metadata: {} });
    expect(r).toMatchObject({ ok: false, reason: expect.stringContaining('unreadable PDF') });
  });
});

describe('articles of real bandi', () => {
  it.skipIf(!hasSharedData)(`takes the title from the next line when the heading is "Art. 3" alone (GU layout)${NEEDS_SHARED_DATA}`, () => {
    const articles = splitArticles(excerpt('19E09051').text);
    expect(articles[0]).toMatchObject({ number: '3', title: 'Requisiti di ammissione' });
    expect(articles[0]!.text).toContain('LM-56 - Scienze dell');
  });

  it.skipIf(!hasSharedData)(`reads "Art. 2." headings with the title on the same line${NEEDS_SHARED_DATA}`, () => {
    expect(splitArticles(excerpt('06E04606').text)[0]).toMatchObject({ number: '2', title: "Requisiti per l'ammissione al concorso" });
  });

  it.skipIf(!hasSharedData)(`does not take in-text references ("art. 38 del D.Lgs.") for headings${NEEDS_SHARED_DATA}`, () => {
    const text = excerpt('19E09051').text;
    expect(text).toContain("dell'art. 38");
    expect(splitArticles(text)).toHaveLength(1);
  });

  it('splits a Markdown bando into its "## Art. N - Title" articles, after the preamble', () => {
    const demo = loadDemoCorpus().find((t) => t.id.startsWith('demo-001'))!;
    const articles = splitArticles(demo.text);
    const headings = demo.text.split('\n').filter((l) => l.startsWith('## Art.'));
    expect(articles.filter((a) => a.number !== null)).toHaveLength(headings.length);
    expect(articles[0]).toMatchObject({ number: null });
    expect(articles.find((a) => a.number === '7')?.title).toBe('Sede di lavoro');
  });

  it('keeps degree codes broken at a line end ("L-\\n14") apart from hyphenated words', () => {
    const r = cleanPdfPages(['Classi L-\n14 e LM-\n56; laurea in giurispru-\ndenza']);
    expect(r).toContain('L-\n14');
    expect(r).toContain('giurisprudenza');
  });
});

describe('normalizeDocument', () => {
  const demo = loadDemoCorpus()[0]!;

  it('validates metadata and rejects a document whose metadata is invalid', async () => {
    const ok = await normalizeDocument({ sourceId: 'demo', externalId: `${demo.id}.md`, text: demo.text, metadata: demo.metadata });
    expect(ok.ok && ok.tender.metadata.id).toBe(demo.id);
    const bad = await normalizeDocument({ sourceId: 'demo', externalId: 'b.md', text: demo.text, metadata: { ...demo.metadata, posts: 0 } });
    expect(bad).toMatchObject({ ok: false, reason: expect.stringMatching(/invalid metadata.*posts/) });
  });

  it('rejects empty text', async () => {
    expect(await normalizeDocument({ sourceId: 'demo', externalId: 'e.md', text: '  \n ', metadata: demo.metadata })).toEqual({ ok: false, reason: 'empty text' });
  });
});
