/** Per-tender generation on the demo corpus and on real Gazzetta Ufficiale excerpts. */
import { readFileSync } from 'node:fs';
import { hasSharedData, NEEDS_SHARED_DATA, sharedData } from '../helpers/shared-data.ts';
import { describe, expect, it } from 'vitest';
import { checkSpecSchema } from '../../shared/checks/index.ts';
import { casePayloadSchema } from '../../shared/eval/payloads.ts';
import { generateScopeSwitch, generateTenderTests, italianDate, loadBoilerplate, type GeneratedCase, type TenderInput } from '../../shared/generate/index.ts';
import { unknownCode } from '../../shared/generate/families/facts.ts';
import { normalizeDocument } from '../../shared/ingest/index.ts';
import { DEMO_TODAY, loadDemoCorpus, loadLabels } from '../../examples/corpus/corpus.ts';

const corpus: TenderInput[] = loadDemoCorpus().map((t) => ({ ...t, version: 1 }));
const labels = loadLabels();
const demo1 = corpus.find((t) => t.id.startsWith('demo-001'))!;
/** A minimal valid target: the run adds the real one. */
const target = { type: 'http', name: 'bot', url: 'http://127.0.0.1:1/chat', body: { message: '{{message}}' }, response: { answer: 'answer' } };

const byId = (cases: GeneratedCase[], id: string) => {
  const c = cases.find((x) => x.testId === id);
  if (!c) throw new Error(`no case ${id} among ${cases.map((x) => x.testId).join(', ')}`);
  return c;
};
const checkOf = (c: GeneratedCase, type: string) => c.spec.checks.find((k) => (k as { type: string }).type === type) as Record<string, unknown> | undefined;

describe('generateTenderTests on a demo tender', async () => {
  const cases = await generateTenderTests(demo1, { today: DEMO_TODAY, otherTenders: corpus });

  it('asks every boilerplate question of the config, naming the bando', () => {
    const questions = loadBoilerplate();
    const boiler = cases.filter((c) => c.family === 'boilerplate');
    expect(boiler.map((c) => c.testId)).toEqual(questions.map((q) => `boilerplate.${q.id}`));
    for (const c of boiler) {
      expect(c.spec.turns[0]).toContain(demo1.metadata.administration);
      expect(c.spec.checks.map((k) => (k as { type: string }).type)).toEqual(['answer-presence', 'tool-use', 'boilerplate-quality']);
      expect(checkOf(c, 'tool-use')).toMatchObject({ hard: true, tools: [{ role: 'tender', args: { id: { equals: demo1.id } } }] });
    }
  });

  it('expects the deadline and the number of posts the text states, with the evidence', () => {
    const label = labels[demo1.id]!;
    const deadline = byId(cases, 'fact.deadline');
    expect(checkOf(deadline, 'fact-match')).toMatchObject({ value: italianDate(label.deadline), slot: 'deadline' });
    expect(deadline.provenance).toMatchObject({ generator: 'extraction', evidence: expect.stringContaining('gennaio 2027') });
    const posts = byId(cases, 'fact.posts');
    expect(checkOf(posts, 'fact-match')).toMatchObject({ value: label.posts, slot: 'posts' });
    // The selection method, not the kind of procedure ("concorso" and "selezione" name the same competition).
    const method = byId(cases, 'fact.selection-method');
    expect(method.spec.expected).toBe('per esami');
    const [is, isNot] = [checkOf(method, 'regex'), checkOf(method, 'not-regex')] as { pattern: string }[];
    expect(new RegExp(is!.pattern, 'i').test('Il bando prevede una selezione per esami.')).toBe(true);
    expect(new RegExp(is!.pattern, 'i').test('Si tratta di un concorso per titoli ed esami.')).toBe(false);
    expect(new RegExp(isNot!.pattern, 'i').test('Si tratta di un concorso per titoli ed esami.')).toBe(true);
    expect(new RegExp(isNot!.pattern, 'i').test('Selezione per esami: 30 punti per i titoli di servizio.')).toBe(false);
    expect(cases.some((c) => c.testId === 'fact.procedure')).toBe(false);
  });

  it('asks the kind of procedure only of a mobilità; asks whether an expired bando is still open', async () => {
    const mobility = corpus.find((t) => t.metadata.procedure === 'mobilita')!;
    const mc = await generateTenderTests(mobility, { today: DEMO_TODAY, otherTenders: corpus, families: ['fact'] });
    expect(checkOf(byId(mc, 'fact.procedure'), 'keywords')).toMatchObject({ keywords: ['mobilità', 'mobilita'] });
    expect(cases.some((c) => c.testId === 'fact.expired')).toBe(false);
    const expired = corpus.find((t) => t.metadata.deadline < DEMO_TODAY)!;
    const ec = await generateTenderTests(expired, { today: DEMO_TODAY, otherTenders: corpus, families: ['fact'] });
    expect(checkOf(byId(ec, 'fact.expired'), 'bando-status')).toMatchObject({ status: 'expired', bando: expired.id });
  });

  it('asks about a code shaped like the bando\'s that no tender of the corpus has', () => {
    const c = byId(cases, 'fact.unknown-code');
    const code = (checkOf(c, 'bando-status') as { bando: string }).bando;
    expect(code).toBe('demo-901');
    expect(corpus.some((t) => t.id === code)).toBe(false);
    expect(c.spec.turns[0]).toContain(code);
    expect(unknownCode('CONC-2026-0101', ['CONC-2026-0101', 'CONC-2026-9101'])).toBe('CONC-2026-8101');
    expect(unknownCode('bando-ab', ['bando-ab'])).toBeUndefined();
  });

  it('falls back to the metadata for a degree the extractor does not find, and says so', () => {
    const degree = cases.find((c) => c.testId.startsWith('fact.degree'))!;
    expect(degree.spec.expected).toBe(demo1.metadata.requiredDegrees[0]);
    expect(degree.provenance.generator).toBe('metadata');
  });

  it('builds positive and negative search cases; a region-bound query excludes tenders of other regions', () => {
    const search = cases.filter((c) => c.family === 'search');
    expect(search.some((c) => c.spec.tags?.includes('positive'))).toBe(true);
    const regional = byId(cases, 'search.region-profile-template-1');
    expect(regional.spec.turns[0]).toBe(`bandi in Lombardia per ${demo1.metadata.profile}`);
    const rc = checkOf(regional, 'search-results') as { include: string[]; exclude: string[] };
    expect(rc.include).toEqual([demo1.id]);
    const lombard = corpus.filter((t) => t.metadata.workLocations.some((l) => l.regione === 'Lombardia')).map((t) => t.id);
    expect(rc.exclude.length).toBeGreaterThan(0);
    expect(rc.exclude.some((id) => lombard.includes(id))).toBe(false);
    const other = cases.find((c) => c.provenance.template === 'other-region')!;
    expect(checkOf(other, 'search-results')).toMatchObject({ exclude: expect.arrayContaining([demo1.id]) });
  });

  it('a query naming the administration accepts reading that bando with the tender tool as well as searching', () => {
    const named = cases.find((c) => c.provenance.template === 'profile-administration')!;
    expect(named.spec.turns[0]).toContain(demo1.metadata.administration);
    expect(checkOf(named, 'tool-use')).toMatchObject({ mode: 'any', tools: [{ role: 'search' }, { role: 'tender', args: { id: { equals: demo1.id } } }] });
    expect(checkOf(named, 'search-results')).toMatchObject({ include: [demo1.id], acceptTenderLookup: true });
    // A query that names no administration is a search: the search role only.
    const regional = byId(cases, 'search.region-profile-template-1');
    expect(checkOf(regional, 'tool-use')).toMatchObject({ tools: [{ role: 'search' }] });
    expect(checkOf(regional, 'search-results')).not.toHaveProperty('acceptTenderLookup');
  });

  it('every case, with a target added, is a valid case payload', () => {
    for (const c of cases) {
      const parsed = casePayloadSchema.safeParse({ ...c.spec, target });
      expect(parsed.success, `${c.testId}: ${parsed.error?.message}`).toBe(true);
      for (const check of c.spec.checks) expect(checkSpecSchema.safeParse(check).success).toBe(true);
      expect(c.spec.caseId).not.toContain(':');
    }
  });

  it('is deterministic: same input, same cases and ids', async () => {
    const again = await generateTenderTests(demo1, { today: DEMO_TODAY, otherTenders: corpus });
    expect(again).toEqual(cases);
    expect(new Set(cases.map((c) => c.testId)).size).toBe(cases.length);
  });
});

describe('facts across the corpus', () => {
  it('the deterministic deadline and posts agree with the hand-checked labels (seeded metadata errors aside)', async () => {
    let agree = 0;
    for (const t of corpus) {
      const cases = await generateTenderTests(t, { today: DEMO_TODAY, families: ['fact'] });
      const deadline = checkOf(byId(cases, 'fact.deadline'), 'fact-match')?.value;
      if (deadline === italianDate(labels[t.id]!.deadline)) agree++;
    }
    // The text is the truth, not the metadata: a seeded metadata error must not leak into the expected answer.
    expect(agree).toBeGreaterThanOrEqual(corpus.length - 1);
  });

  it('a relative deadline is computed from the Gazzetta date (demo-016)', async () => {
    const t = corpus.find((x) => x.id.startsWith('demo-016'))!;
    const c = byId(await generateTenderTests(t, { today: DEMO_TODAY, families: ['fact'] }), 'fact.deadline');
    expect(c.spec.expected).toBe(italianDate(labels[t.id]!.deadline));
    expect(c.provenance.note).toMatch(/relative deadline: 30 days/);
  });
});

describe.skipIf(!hasSharedData)(`real Gazzetta Ufficiale excerpts through normaliser and generator${NEEDS_SHARED_DATA}`, () => {
  const excerpts = (hasSharedData ? readFileSync(sharedData('bandi/gu_concorsi_article_excerpts.jsonl'), 'utf8') : '')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { tipo_sezione: string; text: string; codice_redazionale: string });
  const sanita = excerpts.find((e) => e.tipo_sezione === 'bando_regionale_sanita')!;

  it('resolves "ore 12 del 30° giorno successivo" from the Gazzetta date given in the metadata', async () => {
    const gazzettaDate = '2021-05-25'; // a Tuesday: the 30th day is a Thursday, no roll-over
    const n = await normalizeDocument({
      sourceId: 'gu',
      externalId: 'ausl-piacenza',
      text: sanita.text,
      metadata: {
        title: 'Concorso pubblico per 2 posti di Dirigente medico - Medicina e Chirurgia d\'accettazione e d\'urgenza',
        administration: 'Azienda U.S.L. di Piacenza',
        deadline: '2021-06-24',
        posts: 2,
        procedure: 'concorso',
        publicationDate: '2021-05-19',
        gazzettaDate,
        workLocations: [{ comune: 'Piacenza', regione: 'Emilia-Romagna' }],
      },
    });
    if (!n.ok) throw new Error(n.reason);
    const cases = await generateTenderTests({ ...n.tender, version: 1 }, { today: '2021-06-01', families: ['fact'] });
    const thirtieth = new Date(Date.parse(`${gazzettaDate}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(byId(cases, 'fact.deadline')).toMatchObject({ spec: { expected: italianDate(thirtieth) }, provenance: { generator: 'extraction' } });
    expect(checkOf(byId(cases, 'fact.posts'), 'fact-match')).toMatchObject({ value: 2 });
  });

  it('reads a required degree class from a GU requirements article (19E09051)', async () => {
    const req = excerpts.find((e) => e.codice_redazionale === '19E09051')!;
    const tender: TenderInput = {
      id: 'gu-19E09051',
      version: 1,
      text: req.text,
      metadata: { ...demo1.metadata, id: 'gu-19E09051', requiredDegrees: [] },
    };
    const degree = (await generateTenderTests(tender, { today: DEMO_TODAY, families: ['fact'] })).find((c) => c.testId.startsWith('fact.degree'));
    expect(degree?.provenance.generator).toBe('extraction');
    expect(req.text).toContain(degree?.spec.expected ?? '<none>');
  });
});

describe('scope switching', () => {
  it('alternates A → B → FAQ → A with a tool-use check on each turn', () => {
    const [a, b] = [corpus[0]!, corpus[1]!];
    const c = generateScopeSwitch(a, b, { today: DEMO_TODAY, faqQuestion: 'Come mi registro su inPA?' });
    expect(c.spec.setType).toBe('conversation');
    expect(c.spec.turns[2]).toBe('Come mi registro su inPA?');
    const toolChecks = c.spec.checks.filter((k) => (k as { type: string }).type === 'tool-use') as { turn: number; tools: unknown[] }[];
    expect(toolChecks.map((k) => [k.turn, k.tools])).toEqual([
      [0, [{ role: 'tender', args: { id: { equals: a.id } } }]],
      [1, [{ role: 'tender', args: { id: { equals: b.id } } }]],
      [2, [{ role: 'knowledge' }, { role: 'tender', args: { id: { equals: b.id } } }]],
      [3, [{ role: 'tender', args: { id: { equals: a.id } } }]],
    ]);
    expect(casePayloadSchema.safeParse({ ...c.spec, target }).success).toBe(true);
  });

  it('is generated only when there is another tender', async () => {
    const alone = await generateTenderTests(demo1, { today: DEMO_TODAY, families: ['scope-switch'] });
    expect(alone).toEqual([]);
  });
});

describe('search templates without a profile', () => {
  it('never uses the title as the profile: the templates that need it are skipped, with the reason', async () => {
    const { profile: _drop, ...meta } = demo1.metadata;
    const tender = { ...demo1, metadata: meta };
    const skips: { template: string; reason: string }[] = [];
    const cases = await generateTenderTests(tender, { today: DEMO_TODAY, otherTenders: corpus, families: ['search'], onSkip: (s) => skips.push(s) });
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) expect(c.spec.turns.join(' ')).not.toContain(demo1.metadata.title);
    expect(cases.map((c) => c.provenance.template)).not.toContain('profile-administration');
    expect(skips).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ template: 'profile-administration', reason: 'the metadata has no profile' }),
        expect.objectContaining({ template: 'region-profile', reason: 'the metadata has no profile' }),
        expect.objectContaining({ template: 'other-region', reason: 'the metadata has no profile' }),
      ]),
    );
  });
});
