/**
 * A Copilot Studio test set (Question,Expected response) run end to end against a real HTTP chatbot:
 * without a judge model its cases are `invalid`, and the reason ("no judge model configured: compare-meaning
 * not evaluated") is on the case in the dashboard (real Chromium), in JUnit, CSV and the terminal summary;
 * with a judge model (a scripted OpenAI-compatible server) the compare-meaning result is on the case.
 */
import type { Browser } from 'playwright-core';
import { launchChromium } from '../helpers/browser.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { importCopilotStudio } from '../../shared/scenarios/copilot-studio.ts';
import { computeSummary } from '../../shared/eval/summary.ts';
import { FORMATS, buildReport, renderCsv, renderHtml, renderJunit } from '../../shared/report/index.ts';
import { printSummary } from '../../cli/summary.ts';
import { loadConfig } from '../../shared/config.ts';
import { readCasePage } from '../helpers/dashboard.ts';
import { caseKeysOf, runEvalOnBot, useAnsweringBot } from '../helpers/eval-run.ts';

const CSV = [
  'Question,Expected response',
  'Quando scade il bando del Comune di Bergamo?,Il 15 febbraio 2027',
  'Quanti posti ci sono?,Quattro posti',
  'Serve la laurea?,Basta il diploma',
].join('\n');
const ANSWERS: Record<string, string> = {
  'Quando scade il bando del Comune di Bergamo?': 'La domanda va presentata entro il 15 febbraio 2027.',
  'Quanti posti ci sono?': 'Il bando mette a concorso 4 posti.',
  'Serve la laurea?': 'Sì, serve la laurea magistrale in giurisprudenza.',
};
const token = 'verdicts-token-0123456789';

const e2e = useAnsweringBot('e2e_copilot_verdicts', ANSWERS);
let llm: FakeOpenAI;
let browser: Browser;

beforeAll(async () => {
  // The scripted judge: the right meaning scores high, the wrong degree low.
  llm = await startFakeOpenAI((req) => {
    const prompt = JSON.stringify(req.body.messages ?? []);
    if (req.body.response_format?.json_schema?.name === 'general-quality') {
      const ok = { verdict: 'pass', reason: 'fine' };
      return { content: JSON.stringify({ relevance: ok, groundedness: ok, completeness: ok, abstention: ok }) };
    }
    return prompt.includes('giurisprudenza')
      ? { content: JSON.stringify({ score: 0.1, reason: 'the expected answer says a diploma is enough' }) }
      : { content: JSON.stringify({ score: 0.95, reason: 'same meaning' }) };
  });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await llm?.close();
});

const runImport = (name: string, workerEnv: Record<string, string>) =>
  runEvalOnBot(e2e.infra, e2e.infra.redis, { name, sets: [importCopilotStudio(CSV, { fileName: 'copilot.csv', setId: 'copilot' })], botUrl: e2e.bot.url, workerEnv });

/** The case page of the dashboard in Chromium: the case's outcome line and its checks table, as text. */
const casePage = (runId: string, taskKey: string) =>
  readCasePage(browser, { ...e2e.infra, config: loadConfig({ ...e2e.infra.env, VAGLIO_LOG_LEVEL: 'silent' }) }, token, runId, taskKey);

const caseKeys = (runId: string) => caseKeysOf(e2e.infra, runId);

describe('Copilot Studio import: one outcome rule', () => {
  it('without a judge model every case is invalid, and says why on the case page, in JUnit, CSV and the terminal', async () => {
    const runId = await runImport('copilot-no-judge', {});
    const summary = await computeSummary(e2e.infra.sql, runId);
    expect(summary.totals).toMatchObject({ total: 3, pass: 0, fail: 0, invalid: 3, error: 0, passRate: null });
    // The import adds general quality too (as Copilot Studio does): neither LLM check ran.
    const why = 'no judge model configured: compare-meaning not evaluated; no judge model configured: general-quality not evaluated';
    // Each case keeps both its checks: answer-presence passed, compare-meaning did not run.
    const report = await buildReport(e2e.infra.sql, runId);
    for (const c of report.cases) {
      expect(c.outcome).toBe('invalid');
      expect(c.reason).toBe(why);
      expect(c.checks.map((k) => [k.checkId, k.outcome]).sort()).toEqual([['answer-presence', 'pass'], ['compare-meaning', 'invalid'], ['general-quality', 'invalid']]);
    }
    // Nothing is stored under the judge tasks' own keys any more.
    expect((await e2e.infra.sql`select 1 from check_results where run_id = ${runId} and task_key like 'judge.%'`).length).toBe(0);

    const junit = renderJunit(report);
    expect(junit).toContain('errors="3"');
    expect(junit).toContain(`<error message="${why}" type="invalid">`);
    expect(junit).toContain('compare-meaning (compare-meaning): invalid: no judge model configured');
    expect(renderCsv(report)).toContain('compare-meaning: no judge model configured');
    expect(renderHtml(report)).toContain(why);
    const json = JSON.parse(FORMATS.json.render(report)) as { cases: { reason: string; checks: { checkId: string; outcome: string }[] }[] };
    expect(json.cases[0]).toMatchObject({ reason: why, checks: expect.arrayContaining([expect.objectContaining({ checkId: 'compare-meaning', outcome: 'invalid' })]) });

    let out = '';
    printSummary(summary, undefined, { write: (s: string) => ((out += s), true) } as unknown as NodeJS.WritableStream);
    expect(out).toContain(`INVALID copilot/q001: ${why}`.slice(0, 200));
    expect(out).toMatch(/pass 0, fail 0, invalid 3, error 0/);

    const keys = await caseKeys(runId);
    const shown = await casePage(runId, keys.get('q001')!);
    expect(shown.head).toContain('invalid');
    expect(shown.head).toContain(why);
    expect(shown.checks).toEqual(expect.arrayContaining([expect.stringMatching(/invalid.*compare-meaning.*no judge model configured/s), expect.stringMatching(/pass.*answer-presence/s)]));
  });

  it('with a judge model the compare-meaning result is on the case, and decides it', async () => {
    const runId = await runImport('copilot-judge', {
      VAGLIO_LLM_BASE_URL: llm.baseURL,
      VAGLIO_LLM_API_KEY: 'sk-test',
      VAGLIO_JUDGE_MODEL: 'judge-test',
    });
    expect(llm.chatRequests().length).toBeGreaterThanOrEqual(6);
    const report = await buildReport(e2e.infra.sql, runId);
    const byCase = new Map(report.cases.map((c) => [c.caseId, c]));
    expect(report.summary.totals).toMatchObject({ pass: 2, fail: 1, invalid: 0, error: 0 });
    expect(byCase.get('q003')?.outcome).toBe('fail');
    expect(byCase.get('q003')?.reason).toContain('the expected answer says a diploma is enough');
    const cm = byCase.get('q001')?.checks.find((k) => k.checkId === 'compare-meaning');
    expect(cm).toMatchObject({ outcome: 'pass', source: 'llm', model: 'judge-test', score: 0.95 });
    expect(renderJunit(report)).toMatch(/<failure message="compare-meaning: the expected answer says a diploma is enough/);

    const keys = await caseKeys(runId);
    const shown = await casePage(runId, keys.get('q003')!);
    expect(shown.head).toContain('fail');
    expect(shown.checks).toEqual(expect.arrayContaining([expect.stringMatching(/fail.*compare-meaning.*Judge judge-test.*diploma is enough/s)]));
  });
});
