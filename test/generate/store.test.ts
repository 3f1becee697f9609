/** generated_tests: saved with provenance; generating again for the same version adds nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTenderTests, loadGeneratedTests, saveGeneratedTests } from '../../shared/generate/index.ts';
import { DEMO_TODAY, loadDemoCorpus } from '../../examples/corpus/corpus.ts';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';

let infra: TestInfra;
beforeAll(async () => {
  infra = await createTestInfra('generate-store');
});
afterAll(async () => infra?.teardown());

describe('saveGeneratedTests', () => {
  const corpus = loadDemoCorpus().slice(0, 3).map((t) => ({ ...t, version: 1 }));
  const tender = corpus[0]!;

  it('stores each case once per tender version, with its provenance', async () => {
    const cases = await generateTenderTests(tender, { today: DEMO_TODAY, otherTenders: corpus });
    expect(await saveGeneratedTests(infra.sql, tender, cases)).toEqual({ inserted: cases.length, existing: 0 });
    const again = await generateTenderTests(tender, { today: DEMO_TODAY, otherTenders: corpus });
    expect(await saveGeneratedTests(infra, tender, again)).toEqual({ inserted: 0, existing: cases.length });
    const [row] = await infra.sql<{ n: number }[]>`select count(*)::int as n from generated_tests where tender_id = ${tender.id}`;
    expect(row?.n).toBe(cases.length);

    const loaded = await loadGeneratedTests(infra.sql, tender.id, 1);
    const sorted = [...cases].sort((a, b) => (a.testId < b.testId ? -1 : 1));
    expect(loaded.map((c) => c.testId)).toEqual(sorted.map((c) => c.testId));
    expect(loaded.find((c) => c.testId === 'fact.deadline')?.provenance).toMatchObject({ generator: 'extraction', version: 1, tenderId: tender.id });
  });

  it('a new version of the tender gets its own rows', async () => {
    const v2 = { ...tender, version: 2 };
    const cases = await generateTenderTests(v2, { today: DEMO_TODAY, families: ['fact'] });
    expect((await saveGeneratedTests(infra.sql, v2, cases)).inserted).toBe(cases.length);
    expect((await loadGeneratedTests(infra.sql, tender.id, 2)).every((c) => c.spec.setId === `gen.${tender.id}.v2`)).toBe(true);
  });

  it('stores the cases of a bando whose title holds a NUL with ␀ in its place', async () => {
    // The title is quoted in the questions.
    const nul = { ...tender, id: `${tender.id}-nul`, metadata: { ...tender.metadata, title: `${tender.metadata.title}\u0000` } };
    const cases = await generateTenderTests(nul, { today: DEMO_TODAY, otherTenders: corpus });
    expect(JSON.stringify(cases)).toContain('\\u0000');
    expect(await saveGeneratedTests(infra.sql, nul, cases)).toEqual({ inserted: cases.length, existing: 0 });
    const stored = JSON.stringify(await loadGeneratedTests(infra.sql, nul.id, 1));
    expect(stored).toContain('\u2400');
    expect(stored).not.toContain('\\u0000');
  });
});
