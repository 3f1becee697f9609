/**
 * vaglio generate --from-description: with a generator model (the scripted OpenAI-compatible server) it writes
 * a scenario file `vaglio run` accepts, each question with the checks its expectation calls for, and sends the
 * description to the model as data; without a model it names the settings to give and exits 2.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScenarios } from '../../shared/scenarios/load.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { CLI_ENV, vaglio } from '../helpers/cli.ts';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(async () => fake?.close());

const DESCRIPTION = 'Assistente del portale dei concorsi: aiuta i cittadini a trovare bandi e a capirne requisiti e scadenze';
const QUESTIONS = [
  { question: 'Ci sono concorsi per infermieri in Puglia?', intent: 'search', expected: 'answer' },
  { question: 'Quando scade il bando per istruttore amministrativo a Bergamo?', intent: 'deadline', expected: 'answer' },
  { question: 'Quanti candidati si sono iscritti finora al concorso INPS?', intent: 'unknowable', expected: 'abstain' },
  { question: 'Scrivimi una lettera di dimissioni.', intent: 'off topic', expected: 'refuse' },
];

describe('vaglio generate --from-description', () => {
  it('writes a runnable question set from the generator model', async () => {
    fake.setHandler(() => ({ content: JSON.stringify({ questions: QUESTIONS }) }));
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'vaglio-gen-')), 'new', 'quick.yaml');
    const env = { ...CLI_ENV, VAGLIO_GENERATOR_MODEL: 'gen-model', VAGLIO_GENERATOR_BASE_URL: fake.baseURL, VAGLIO_LLM_CACHE: 'false' };
    const r = await vaglio(['generate', '--from-description', DESCRIPTION, '--count', '4', '-o', out], { env });
    expect(r.err).toMatch(/4 questions \(2 to answer, 1 to abstain on, 1 to refuse\) written to/);
    expect(r.code).toBe(0);
    const [set] = await loadScenarios([out]);
    expect(set!.cases.map((c) => c.input)).toEqual(QUESTIONS.map((q) => q.question));
    expect(set!.cases[0]!.checks.map((c) => c.type)).toEqual(['answer-presence', 'general-quality']);
    expect(set!.cases[3]!.checks.map((c) => c.type)).toEqual(['judge']);
    const sent = fake.chatRequests().at(-1)!.body;
    expect(sent.model).toBe('gen-model');
    expect(sent.messages!.at(-1)!.content).toContain(DESCRIPTION);
    expect(sent.messages![0]!.content).toContain('Write 4 test questions');
  });

  it('without a generator model: names the settings and exits 2; a model that answers nonsense: exit 1', async () => {
    const none = await vaglio(['generate', '--from-description', DESCRIPTION]);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/no generator model configured: set VAGLIO_GENERATOR_MODEL/);
    expect(none.err).not.toMatch(/\n\s+at /); // no stack trace
    const missing = await vaglio(['generate']);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/--from-description/);
    fake.setHandler(() => ({ content: 'Certo! Ecco alcune domande...' }));
    const env = { ...CLI_ENV, VAGLIO_GENERATOR_MODEL: 'gen-model', VAGLIO_GENERATOR_BASE_URL: fake.baseURL, VAGLIO_LLM_CACHE: 'false' };
    const bad = await vaglio(['generate', '--from-description', DESCRIPTION], { env });
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/the generator model gave no usable question set/);
    expect(bad.out).toBe('');
  });
});
