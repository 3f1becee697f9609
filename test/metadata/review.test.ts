/**
 * Review items end to end: the verifier raises one, it is stored in metadata_checks (question, evidence,
 * candidate answers, text around the evidence; notes and the count in their own columns) in the real Postgres,
 * and the HTML report shows it with the text highlighted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveMetadataVerdict, verifyTender } from '../../shared/metadata/index.ts';
import { buildReport, renderHtml } from '../../shared/report/index.ts';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { meta } from './helpers.ts';

let infra: TestInfra;
beforeAll(async () => {
  infra = await createTestInfra('metadata-review');
});
afterAll(async () => infra?.teardown());

// Two totals stated with equal weight: the rules cannot tell which is the number of posts.
const TEXT = 'Selezione per la copertura di n. 3 posti di educatore. Il presente bando è indetto per la copertura di n. 4 posti di educatore. La domanda va presentata entro il 31 gennaio 2027.';

describe('metadata review items', () => {
  it('are stored with question, candidates and context, and shown highlighted in the report', async () => {
    const v = await verifyTender(TEXT, meta({ posts: 3 }));
    expect(v.ambiguous).toHaveLength(1);
    const item = v.ambiguous[0];
    expect(item).toMatchObject({ field: 'posts', candidates: ['3', '4'], raisedBy: 'rules' });
    expect(item?.context?.[0]?.highlight).toBe('3 posti');
    expect(item?.context?.[0]?.before).toContain('copertura di n.');

    await infra.sql`insert into runs (id, name, plan, status, spec, started_at, finished_at) values ('rv1', 'review', 'dag', 'completed', '{}'::jsonb, now(), now())`;
    await saveMetadataVerdict(infra.db, 'rv1', v);
    const rows = await infra.sql<{ review_items: number; ambiguous: { question: string; candidates: string[] }[]; notes: unknown[] }[]>`
      select review_items, ambiguous, notes from metadata_checks where run_id = 'rv1'`;
    expect(rows[0]?.review_items).toBe(1);
    expect(rows[0]?.ambiguous[0]?.candidates).toEqual(['3', '4']);
    expect(rows[0]?.ambiguous[0]?.question).toMatch(/which is the total/);
    expect(Array.isArray(rows[0]?.notes)).toBe(true);

    const report = await buildReport(infra.sql, 'rv1');
    expect(report.metadata[0]?.review).toMatchObject([{ field: 'posts', candidates: ['3', '4'] }]);
    const html = renderHtml(report);
    expect(html).toContain('Needs review (1)');
    expect(html).toContain('<mark>3 posti</mark>');
    expect(html).toContain('<code>4</code>');
  });
});

describe("the extractor model's reading", () => {
  it('moves a rules discrepancy to review when the model reads the field otherwise, with both readings as candidates', async () => {
    const text = 'Concorso per la copertura di n. 6 posti. La domanda va presentata entro il 31 gennaio 2027.';
    const rulesOnly = await verifyTender(text, meta({ posts: 5 }));
    expect(rulesOnly.discrepancies.map((d) => d.field)).toEqual(['posts']);
    const v = await verifyTender(text, meta({ posts: 5 }), { extractWithModel: async () => [{ field: 'posts', value: '5', evidence: 'copertura di n. 6 posti' }] });
    expect(v.discrepancies).toEqual([]);
    expect(v.ambiguous).toMatchObject([{ id: 'model:posts', raisedBy: 'llm-disagreement', candidates: ['6', '5'] }]);
    expect(v.verdict).toBe('ok');
    const agreeing = await verifyTender(text, meta({ posts: 5 }), { extractWithModel: async () => [{ field: 'posts', value: '6', evidence: 'n. 6 posti' }] });
    expect(agreeing.discrepancies.map((d) => d.field)).toEqual(['posts']);
    expect(agreeing.ambiguous).toEqual([]);
  });
});
