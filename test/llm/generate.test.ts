/** Generation helpers against a scripted OpenAI-compatible server (real `openai` client over HTTP). */
import { readFileSync } from 'node:fs';
import { hasSharedData, NEEDS_SHARED_DATA, sharedData } from '../helpers/shared-data.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../shared/config.ts';
import {
  findEvidence,
  generateFacts,
  generateSearchQueries,
  llmForRole,
  quickQuestionSet,
  QuickQuestionError,
  simulateUser,
  templateQueries,
  type RoleClient,
} from '../../shared/llm/index.ts';
import { tenderMetadataSchema } from '../../shared/tender/metadata.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';

let fake: FakeOpenAI;
let generator: RoleClient;
let simulator: RoleClient;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  const config = loadConfig({
    VAGLIO_LLM_BASE_URL: fake.baseURL,
    VAGLIO_GENERATOR_MODEL: 'gen',
    VAGLIO_SIMULATOR_MODEL: 'sim',
    VAGLIO_LLM_CACHE: 'false',
  });
  generator = llmForRole(config, 'generator')!;
  simulator = llmForRole(config, 'simulator')!;
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

const DOC = `COMUNE DI BERGAMO
Bando di concorso pubblico, per esami, per la copertura di n. 3 posti di Istruttore amministrativo.
Le domande devono essere presentate entro il
15 marzo 2025 esclusivamente tramite il portale inPA.
Requisiti: diploma di scuola secondaria di secondo grado.`;

describe('generateFacts', () => {
  it('keeps facts whose evidence is in the text and rejects the rest, deterministically', async () => {
    const facts = [
      { statement: 'Il Comune di Bergamo bandisce 3 posti.', question: 'Quanti posti?', evidence: 'copertura di n. 3 posti di Istruttore amministrativo' },
      // Evidence broken across a line in the document: still verbatim up to whitespace.
      { statement: 'Scadenza 15 marzo 2025.', question: 'Scadenza?', evidence: 'presentate entro il 15 marzo 2025' },
      { statement: 'Serve la laurea.', question: 'Titolo?', evidence: 'è richiesta la laurea triennale' },
      { statement: 'Si applica su inPA.', question: 'Dove?', evidence: 'inPA' },
    ];
    fake.enqueue({ content: JSON.stringify({ facts }) });
    const r = await generateFacts(DOC, generator);
    expect(r.facts.map((f) => f.statement)).toEqual([facts[0]!.statement, facts[1]!.statement]);
    expect(r.rejected.map((x) => x.fact.evidence)).toEqual([facts[2]!.evidence, facts[3]!.evidence]);
    expect(DOC.slice(r.facts[0]!.evidenceOffset)).toMatch(/^copertura di n\. 3 posti/);
    expect(fake.chatRequests()[0]?.body.messages?.[1]?.content).toContain('15 marzo 2025');
  });

  it('generates nothing, and says why, without a generator model', async () => {
    expect(await generateFacts(DOC, undefined)).toEqual({ facts: [], rejected: [], skipped: 'no generator model configured' });
  });

  it.skipIf(!hasSharedData)(`finds evidence across the line breaks of a real Gazzetta Ufficiale bando article${NEEDS_SHARED_DATA}`, () => {
    const line = readFileSync(sharedData('bandi/gu_concorsi_article_excerpts.jsonl'), 'utf8').split('\n')[0]!;
    const { text } = JSON.parse(line) as { text: string };
    const start = text.indexOf('Requisiti di ammissione');
    const quoted = text.slice(start, start + 80).replace(/\s+/g, ' ');
    expect(quoted).not.toBe(text.slice(start, start + 80));
    expect(findEvidence(text, quoted)).toBe(start);
    expect(findEvidence(text, quoted.replace('ammissione', 'esclusione'))).toBe(-1);
  });
});

const meta = tenderMetadataSchema.parse({
  id: 'bg-2025-01',
  title: 'Concorso per 3 istruttori amministrativi',
  administration: 'Comune di Bergamo',
  profile: 'Istruttore amministrativo',
  workLocations: [{ comune: 'Bergamo', provincia: 'BG', regione: 'Lombardia' }],
  requiredDegrees: ['L-18'],
  deadline: '2025-03-15',
  posts: 3,
  procedure: 'concorso',
  publicationDate: '2025-02-13',
});

describe('generateSearchQueries', () => {
  it('gives positive and negative template queries without a model, the negative region not the tender\'s', async () => {
    const qs = await generateSearchQueries(meta);
    expect(qs.every((q) => q.source === 'template')).toBe(true);
    expect(qs.some((q) => q.expected === 'positive' && q.query.includes('Bergamo'))).toBe(true);
    const other = qs.find((q) => q.template === 'other-region');
    expect(other?.expected).toBe('negative');
    expect(other?.query).not.toContain('Lombardia');
    expect(await generateSearchQueries(meta)).toEqual(qs);
    expect(fake.requests).toHaveLength(0);
  });

  it('adds model-phrased variants that keep their template\'s expected outcome', async () => {
    const base = templateQueries(meta);
    const neg = base.findIndex((q) => q.expected === 'negative');
    fake.enqueue({ content: JSON.stringify({ variants: [{ index: 0, query: 'ci sono concorsi x istruttore a bergamo?' }, { index: neg, query: 'lavoro comune fuori regione' }, { index: 99, query: 'orphan' }] }) });
    const qs = await generateSearchQueries(meta, generator);
    const llm = qs.filter((q) => q.source === 'llm');
    expect(llm.map((q) => [q.expected, q.template])).toEqual([
      [base[0]!.expected, base[0]!.template],
      ['negative', base[neg]!.template],
    ]);
  });
});

describe('quickQuestionSet', () => {
  it("returns the model's set, and says so when the model gives nothing usable", async () => {
    fake.enqueue({ content: JSON.stringify({ questions: [{ question: 'Ci sono concorsi a Bari?', intent: 'search', expected: 'answer' }] }) });
    expect(await quickQuestionSet('Assistente per i concorsi pubblici', generator)).toEqual([{ question: 'Ci sono concorsi a Bari?', intent: 'search', expected: 'answer' }]);
    fake.setHandler(() => ({ content: 'non è JSON' }));
    await expect(quickQuestionSet('Assistente per i concorsi pubblici', generator)).rejects.toThrow(QuickQuestionError);
  });
});

describe('simulateUser', () => {
  const script = [{ message: 'Cerco concorsi a Bergamo' }, { message: 'E per infermieri?', scope: 'concorsi per infermieri' }, { message: 'Grazie' }];

  it('plays the script without a model, and stops after it or at maxTurns', async () => {
    const conv: { user: string; assistant: string | null }[] = [];
    const said: string[] = [];
    for (;;) {
      const next = await simulateUser({ persona: 'cittadino', goal: 'trovare un concorso', script, maxTurns: 10, conversation: conv });
      if (next.done) break;
      said.push(next.message);
      conv.push({ user: next.message, assistant: 'ok' });
    }
    expect(said).toEqual(script.map((s) => s.message));
    const capped = await simulateUser({ persona: 'p', goal: 'g', script, maxTurns: 1, conversation: [{ user: 'a', assistant: 'b' }] });
    expect(capped).toMatchObject({ done: true });
  });

  it('asks the simulator model in character, with the goal switched by the script', async () => {
    fake.enqueue({ content: '{"message":"e per infermieri invece?","done":false}' });
    const next = await simulateUser({
      persona: 'Giulia, 28 anni, infermiera',
      goal: 'trovare un concorso a Bergamo',
      script,
      maxTurns: 5,
      conversation: [{ user: 'Cerco concorsi a Bergamo', assistant: 'Ecco 3 bandi.' }],
      llm: simulator,
    });
    expect(next).toMatchObject({ done: false, source: 'llm', message: 'e per infermieri invece?', goal: 'concorsi per infermieri' });
    const sent = fake.chatRequests()[0]!.body.messages!;
    expect(sent[0]?.content).toContain('concorsi per infermieri');
    expect(sent.slice(1)).toEqual([
      { role: 'assistant', content: 'Cerco concorsi a Bergamo' },
      { role: 'user', content: 'Ecco 3 bandi.' },
    ]);
  });

  it('ends when the model says the goal is reached', async () => {
    fake.enqueue({ content: '{"message":"","done":true}' });
    const next = await simulateUser({ persona: 'p', goal: 'g', maxTurns: 5, conversation: [{ user: 'a', assistant: 'b' }], llm: simulator });
    expect(next.done).toBe(true);
  });
});
