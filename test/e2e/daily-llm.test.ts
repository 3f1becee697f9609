/**
 * The daily run with a generator model (a real OpenAI-compatible test server): LLM facts join the template
 * tests only when their evidence is found verbatim in the bando, rephrased searches join the search family,
 * both stored with their provenance; and with a simulator model the scope-switch conversation is phrased by a
 * simulated user following the script.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { ROOT, startTestWorkers, waitForRunStatus, type InProcessWorkers } from '../helpers/engine.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { startDemoChatbot } from '../../services/demo-chatbot/index.ts';
import { demoTarget } from '../../cli/demo/index.ts';
import { dailyPlan, dailyPlanSchema } from '../../shared/plans/daily.ts';
import { submitRun } from '../../shared/engine/submit.ts';
import { redisConnection } from '../../shared/engine/connections.ts';
import type { Redis } from 'ioredis';

const ID = 'demo-001-comune-bergamo-istruttore-amm';
const REAL_EVIDENCE = 'Direzione Risorse umane e organizzazione';
let infra: TestInfra;
let llm: FakeOpenAI;
let workers: InProcessWorkers;
let bot: { url: string; close(): Promise<void> };
let redis: Redis;
let folder: string;

beforeAll(async () => {
  infra = await createTestInfra('daily_llm');
  llm = await startFakeOpenAI((req) => {
    const name = (req.body as { response_format?: { json_schema?: { name?: string } } }).response_format?.json_schema?.name;
    if (name === 'facts') {
      return {
        content: JSON.stringify({
          facts: [
            { statement: "Il bando è della Direzione Risorse umane e organizzazione del Comune di Bergamo.", question: 'Quale ufficio del Comune di Bergamo gestisce il concorso?', evidence: REAL_EVIDENCE },
            { statement: 'Il bando prevede 99 posti su Marte.', question: 'Quanti posti ci sono su Marte?', evidence: 'novantanove posti su Marte' },
          ],
        }),
      };
    }
    if (name === 'simulated_user_turn') {
      // The scripted "model" keeps the goal's words (so the bando is still named) in its own opening.
      const system = String((req.body.messages as { content: string }[] | undefined)?.[0]?.content ?? '');
      const goal = /Your current goal: (.*)/.exec(system)?.[1] ?? '';
      return { content: JSON.stringify({ message: `Buongiorno, una domanda. ${goal}`, done: false }) };
    }
    if (name === 'query_variants') return { content: JSON.stringify({ variants: [{ index: 0, query: 'cerco concorsi da istruttore amministrativo a Bergamo' }] }) };
    return { content: '{}' };
  });
  folder = mkdtempSync(path.join(tmpdir(), 'vaglio-daily-llm-'));
  // Two bandi: scope switching needs a second one.
  for (const id of [ID, 'demo-007-inps-funzionario-informatico']) {
    for (const ext of ['md', 'json']) cpSync(path.join(ROOT, 'examples/corpus', `${id}.${ext}`), path.join(folder, `${id}.${ext}`));
  }
  bot = await startDemoChatbot({ databaseUrl: infra.url, corpusDir: path.join(ROOT, 'examples/corpus'), port: 0 });
  redis = redisConnection(infra.redisUrl);
  workers = await startTestWorkers(infra, ['ingest', 'converse', 'judge', 'metadata', 'report', 'control'], {
    VAGLIO_LLM_BASE_URL: llm.baseURL,
    VAGLIO_LLM_API_KEY: 'sk-test',
    VAGLIO_GENERATOR_MODEL: 'generator-test',
    VAGLIO_SIMULATOR_MODEL: 'simulator-test',
  });
});
afterAll(async () => {
  await workers?.stop();
  redis?.disconnect();
  await bot?.close();
  await llm?.close();
  await infra?.teardown();
});

describe('daily run with generator and simulator models', () => {
  it('adds LLM facts whose evidence is in the text (not the invented one), rephrased searches, and simulated-user conversations', async () => {
    const input = dailyPlanSchema.parse({ plan: 'daily', source: { type: 'folder', path: folder }, target: demoTarget(bot.url), today: '2026-12-01' });
    const built = await dailyPlan.build(input, { config: workers.config });
    const { runId } = await submitRun({ sql: infra.sql, redis, prefix: infra.prefix }, { name: 'daily', plan: 'daily', spec: {}, tasks: built.tasks, shared: built.shared });
    expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'], 90_000)).toBe('completed');
    const gen = await infra.sql<{ test_id: string; family: string; provenance: { generator: string; evidence?: string } }[]>`
      select test_id, family, provenance from generated_tests where tender_id = ${ID}`;
    const llmFacts = gen.filter((g) => g.family === 'fact' && g.provenance.generator === 'llm');
    expect(llmFacts).toHaveLength(1);
    expect(llmFacts[0]!.provenance.evidence).toBe(REAL_EVIDENCE);
    expect(gen.some((g) => g.family === 'search' && g.provenance.generator === 'llm')).toBe(true);
    expect(gen.some((g) => g.provenance.generator !== 'llm')).toBe(true); // templates and extraction stay
    // The generated LLM cases ran in this run, next to the template ones.
    const cases = await infra.sql<{ case_id: string }[]>`select case_id from case_results where run_id = ${runId} and case_id like '%llm%'`;
    expect(cases.length).toBeGreaterThanOrEqual(2);
    // The scope-switch conversation was phrased by the simulated user, and the bot followed every switch.
    const conv = (await infra.sql<{ turns: { user: string }[]; task_key: string }[]>`
      select t.turns, t.task_key from transcripts t join case_results c using (run_id, task_key)
      where t.run_id = ${runId} and c.family = 'scope-switch' and c.tender_id = ${ID}`)[0]!;
    expect(conv.turns).toHaveLength(4);
    for (const t of conv.turns) expect(t.user).toMatch(/^Buongiorno, una domanda\. /);
    const outcome = await infra.sql<{ outcome: string; reason: string }[]>`
      select outcome, reason from case_results where run_id = ${runId} and task_key = ${conv.task_key}`;
    expect(outcome[0], outcome[0]?.reason).toMatchObject({ outcome: 'pass' });
    const sims = await infra.sql<{ n: number }[]>`select count(*)::int as n from llm_calls where run_id = ${runId} and role = 'simulator'`;
    expect(sims[0]!.n).toBe(8); // 4 turns in each of the two tenders' scope-switch conversations
  });
});
