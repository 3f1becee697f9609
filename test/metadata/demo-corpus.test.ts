/**
 * The verifier on the demo corpus (examples/corpus): exactly the six seeded metadata errors make a tender
 * 'ko', each for its seeded field; every other tender is 'ok'. Labels and seeded errors come from the corpus
 * files, so a corpus edit that adds or moves an error is followed by this test.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDemoCorpus, loadSeededErrors, type DemoTender, type SeededError } from '../../examples/corpus/corpus.ts';
import { verifyTender, type MetadataVerdict } from '../../shared/metadata/index.ts';
import { normalizeDocument } from '../../shared/ingest/normalize.ts';

let tenders: DemoTender[];
let seeded: SeededError[];
const verdicts = new Map<string, MetadataVerdict>();

beforeAll(async () => {
  tenders = loadDemoCorpus();
  seeded = loadSeededErrors();
  for (const t of tenders) verdicts.set(t.id, await verifyTender(t.text, t.metadata));
});

/** The metadata field a seeded error names, as the verifier's discrepancy field ("workLocations.regione" → "workLocations"). */
const fieldOf = (e: SeededError) => e.field.split('.')[0];
const show = (v: unknown) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.values(v).join(', ') : String(v));

describe('demo corpus metadata verification', () => {
  it('marks exactly the seeded tenders ko', () => {
    const ko = tenders.filter((t) => verdicts.get(t.id)?.verdict === 'ko').map((t) => t.id);
    expect(ko).toEqual(seeded.map((e) => e.id).sort());
    expect(tenders.length - ko.length).toBe(28);
  });

  it('reports no discrepancy at all on the tenders without a seeded error', () => {
    const clean = tenders.filter((t) => !seeded.some((e) => e.id === t.id));
    const stray = clean.flatMap((t) => (verdicts.get(t.id)?.discrepancies ?? []).map((d) => `${t.id}: ${d.field} ${d.type} — ${d.message}`));
    expect(stray).toEqual([]);
  });

  it('flags each seeded tender for its seeded field only', () => {
    for (const e of seeded) {
      const fields = new Set(verdicts.get(e.id)?.discrepancies.map((d) => d.field));
      expect([...fields], e.id).toEqual([fieldOf(e)]);
    }
  });

  it('states the seeded wrong value and the truth where the error is one value', () => {
    const byId = new Map(seeded.map((e) => [e.id, e]));
    const find = (id: string) => {
      const e = byId.get(id);
      if (!e) throw new Error(`${id} is not a seeded error any more`);
      return { e, ds: verdicts.get(id)?.discrepancies ?? [] };
    };
    const posts = find('demo-005-comune-napoli-agente-polizia-locale');
    expect(posts.ds).toMatchObject([{ type: 'wrong', textValue: show(posts.e.truth), metadataValue: show(posts.e.metadataValue) }]);
    const deadline = find('demo-012-comune-trieste-assistente-sociale');
    expect(deadline.ds).toMatchObject([{ type: 'wrong', textValue: show(deadline.e.truth), metadataValue: show(deadline.e.metadataValue) }]);
    const region = find('demo-019-comune-matera-mobilita-bibliotecario');
    expect(region.ds).toHaveLength(1);
    expect(region.ds[0]).toMatchObject({ type: 'wrong' });
    expect(region.ds[0]?.textValue).toContain(show(region.e.truth));
    expect(region.ds[0]?.metadataValue).toContain(show(region.e.metadataValue));
  });

  it('names the missing degree, the preference degree listed as required, and the exam venue listed as work place', () => {
    const ds = (id: string) => verdicts.get(id)?.discrepancies ?? [];
    expect(ds('demo-002-regione-piemonte-funzionario-economico')).toMatchObject([{ type: 'missing', textValue: 'L-33' }]);
    // Listed as required but only a preference title in the bando: an entry the metadata should not hold.
    expect(ds('demo-029-unitn-bibliotecario')).toMatchObject([{ type: 'extra', metadataValue: 'LM-43', textValue: 'LM-43 (preference)' }]);
    const venue = ds('demo-028-asst-santi-paolo-carlo-fisioterapista');
    expect(venue.find((d) => d.type === 'extra')?.textValue).toBe('Rho (exam venue)');
    expect(venue.find((d) => d.type === 'missing')?.textValue).toBe('Milano');
  });

  it('gives the same verdict on the text as the ingester normalises it', async () => {
    for (const id of ['demo-012-comune-trieste-assistente-sociale', 'demo-031-regione-campania-funzionario-agronomo']) {
      const t = tenders.find((x) => x.id === id);
      if (!t) throw new Error(`${id} missing from the corpus`);
      const n = await normalizeDocument({ sourceId: 'demo', externalId: `${t.id}.md`, text: t.text, metadata: t.metadata });
      if (!n.ok) throw new Error(n.reason);
      const v = await verifyTender(n.tender.text, n.tender.metadata);
      const raw = verdicts.get(id);
      expect(v.verdict).toBe(raw?.verdict);
      expect(v.discrepancies.map((d) => [d.field, d.type, d.textValue, d.metadataValue])).toEqual(raw?.discrepancies.map((d) => [d.field, d.type, d.textValue, d.metadataValue]));
      expect(v.ambiguous.map((a) => a.id)).toEqual(raw?.ambiguous.map((a) => a.id));
    }
  });
});
