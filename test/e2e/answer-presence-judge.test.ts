/**
 * answer-presence replies its rules cannot decide, run end to end against a real HTTP chatbot: without a judge
 * model the case is `invalid` and says why (case page in real Chromium, JUnit, CSV, HTML, JSON, the terminal summary); with a
 * judge model (a scripted OpenAI-compatible server) the judge task decides them under the answer-presence
 * mandate, for a case with no LLM check (its judge task added when the reply turns out undecided) and for one
 * with an LLM check (its planned judge task), and the verdict is stored on the case; a bando's verdict waits for
 * that judgment. Decided replies never
 * reach the judge. Sentences written for this test.
 */
import type { Browser } from 'playwright-core';
import { launchChromium } from '../helpers/browser.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { testSetSchema } from '../../shared/scenarios/index.ts';
import { computeSummary } from '../../shared/eval/summary.ts';
import { FORMATS, buildReport, renderCsv, renderHtml, renderJunit } from '../../shared/report/index.ts';
import { printSummary } from '../../cli/summary.ts';
import { loadConfig } from '../../shared/config.ts';
import { readCasePage } from '../helpers/dashboard.ts';
import { caseKeysOf, runEvalOnBot, useAnsweringBot } from '../helpers/eval-run.ts';
import type { TaskSpec } from '../../shared/engine/dag.ts';
import { loadMandate } from '../../shared/judge/index.ts';

const bando = 'il bando per geometri del Comune di Rovigo';
const PADDING = 'Il nostro staff aggiorna costantemente il portale con tutte le novità.';
const TEAM = 'Il nostro team risponde volentieri ai dubbi di tutti i candidati.';
const REPLIES: Record<string, string> = {
  [`Quando scade ${bando}?`]: 'La domanda va presentata entro il 12 marzo 2027.',
  [`Quanti posti mette a concorso ${bando}?`]: 'Mi dispiace, non posso aiutarla con questa richiesta.',
  [`Quali prove prevede ${bando}?`]: PADDING,
  [`Dove si svolgono le prove previste dal${bando.slice(2)}?`]: TEAM,
};
const questions = Object.keys(REPLIES);
const SET = testSetSchema.parse({
  id: 'presenza',
  type: 'single',
  defaultChecks: [{ type: 'answer-presence' }],
  cases: [
    { id: 'answers', input: questions[0] },
    { id: 'refuses', input: questions[1] },
    { id: 'undecided', input: questions[2] },
    { id: 'undecided-with-llm-check', input: questions[3], checks: [{ type: 'general-quality' }] },
  ],
});
const JUDGE_REASON = 'parla solo del personale, non delle prove';
const token = 'presence-token-0123456789';

const e2e = useAnsweringBot('e2e_answer_presence_judge', REPLIES);
let llm: FakeOpenAI;
let browser: Browser;

beforeAll(async () => {
  // The scripted judge: the undecided replies give nothing about what was asked; general quality passes.
  llm = await startFakeOpenAI((req) => {
    const name = req.body.response_format?.json_schema?.name;
    if (name === 'answer-presence') return { content: JSON.stringify({ verdict: 'fail', reason: JUDGE_REASON }) };
    const ok = { verdict: 'pass', reason: 'fine' };
    return { content: JSON.stringify({ relevance: ok, groundedness: ok, completeness: ok, abstention: ok }) };
  });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await llm?.close();
});

const run = (name: string, workerEnv: Record<string, string>) => runEvalOnBot(e2e.infra, e2e.infra.redis, { name, sets: [SET], botUrl: e2e.bot.url, workerEnv });
const JUDGE_ENV = { VAGLIO_LLM_BASE_URL: '', VAGLIO_LLM_API_KEY: 'sk-test', VAGLIO_JUDGE_MODEL: 'judge-test' };
const judgeEnv = () => ({ ...JUDGE_ENV, VAGLIO_LLM_BASE_URL: llm.baseURL });

/** The case page of the dashboard in Chromium: the case's outcome line and its checks table, as text. */
const casePage = (runId: string, taskKey: string) =>
  readCasePage(browser, { ...e2e.infra, config: loadConfig({ ...e2e.infra.env, VAGLIO_LOG_LEVEL: 'silent' }) }, token, runId, taskKey);

const caseKeys = (runId: string) => caseKeysOf(e2e.infra, runId);

const UNDECIDED = 'no judge model configured: answer-presence undecided (no deflection, but only generic words of its own, nothing specific about what was asked)';

describe('answer-presence: what the rules cannot decide', () => {
  it('without a judge model the undecided cases are invalid, and say why on the case page, in every report and the terminal', async () => {
    const runId = await run('presence-no-judge', {});
    const report = await buildReport(e2e.infra.sql, runId);
    const byCase = new Map(report.cases.map((c) => [c.caseId, c]));
    expect(report.summary.totals).toMatchObject({ total: 4, pass: 1, fail: 1, invalid: 2, error: 0 });
    expect(byCase.get('answers')?.outcome).toBe('pass');
    expect(byCase.get('refuses')?.outcome).toBe('fail');
    const why = `${UNDECIDED}: answer-presence not evaluated`;
    expect(byCase.get('undecided')).toMatchObject({ outcome: 'invalid', reason: why });
    expect(byCase.get('undecided-with-llm-check')?.reason).toContain(why);
    expect(byCase.get('undecided')?.checks).toEqual([expect.objectContaining({ checkId: 'answer-presence', outcome: 'invalid', reason: UNDECIDED })]);
    // No judge model, no judge task added.
    expect((await e2e.infra.sql`select 1 from tasks where run_id = ${runId} and kind = 'eval.judge'`).length).toBe(1);

    const junit = renderJunit(report);
    expect(junit).toContain(`<error message="${why}" type="invalid">`);
    expect(renderCsv(report)).toContain(`answer-presence: ${UNDECIDED}`);
    expect(renderHtml(report)).toContain(why);
    const json = JSON.parse(FORMATS.json.render(report)) as { cases: { caseId: string; reason: string; checks: { checkId: string; outcome: string }[] }[] };
    expect(json.cases.find((c) => c.caseId === 'undecided')).toMatchObject({ reason: why, checks: [expect.objectContaining({ checkId: 'answer-presence', outcome: 'invalid' })] });
    const summary = await computeSummary(e2e.infra.sql, runId);
    let out = '';
    printSummary(summary, undefined, { write: (s: string) => ((out += s), true) } as unknown as NodeJS.WritableStream);
    expect(out).toContain(`INVALID presenza/undecided: ${why}`.slice(0, 160));

    const shown = await casePage(runId, (await caseKeys(runId)).get('undecided')!);
    expect(shown.head).toContain('invalid');
    expect(shown.head).toContain(why);
    expect(shown.checks).toEqual([expect.stringMatching(/invalid.*answer-presence.*no judge model configured: answer-presence undecided/s)]);
  });

  it('with a judge model the judge task decides them under the answer-presence mandate, and the verdict is on the case', async () => {
    llm.reset();
    const runId = await run('presence-judge', judgeEnv());
    const mandate = loadMandate('answer-presence');
    const asked = llm.chatRequests().filter((r) => r.body.response_format?.json_schema?.name === 'answer-presence');
    // Only the two undecided replies went to the judge, each under the mandate's instructions.
    expect(asked).toHaveLength(2);
    for (const r of asked) {
      const system = r.body.messages?.find((m) => m.role === 'system')?.content ?? '';
      expect([mandate.instructions.en, mandate.instructions.it].some((text) => system.includes(text.trim()))).toBe(true);
    }
    expect(asked.map((r) => JSON.stringify(r.body.messages)).filter((m) => m.includes(PADDING) || m.includes(TEAM))).toHaveLength(2);

    const report = await buildReport(e2e.infra.sql, runId);
    const byCase = new Map(report.cases.map((c) => [c.caseId, c]));
    expect(report.summary.totals).toMatchObject({ pass: 1, fail: 3, invalid: 0, error: 0 });
    for (const id of ['undecided', 'undecided-with-llm-check']) {
      const c = byCase.get(id)!;
      expect(c.outcome, id).toBe('fail');
      expect(c.reason).toContain(JUDGE_REASON);
      expect(c.checks.find((k) => k.checkId === 'answer-presence')).toMatchObject({ outcome: 'fail', source: 'llm', model: 'judge-test', reason: JUDGE_REASON });
    }
    expect(byCase.get('undecided-with-llm-check')?.checks.find((k) => k.checkId === 'general-quality')).toMatchObject({ outcome: 'pass', source: 'llm' });
    expect(byCase.get('answers')?.checks).toEqual([expect.objectContaining({ checkId: 'answer-presence', outcome: 'pass', source: 'deterministic' })]);
    expect(renderJunit(report)).toContain(`<failure message="answer-presence: ${JUDGE_REASON}`);
    expect(renderCsv(report)).toContain(`answer-presence: ${JUDGE_REASON}`);
    expect(renderHtml(report)).toContain(JUDGE_REASON);

    // The case without an LLM check got its judge task when its reply turned out undecided; the call's tokens
    // and latency are on it like any judge task's.
    const keys = await caseKeys(runId);
    const added = await e2e.infra.sql<{ task_key: string; status: string; tokens_in: number }[]>`
      select task_key, status, tokens_in from tasks where run_id = ${runId} and task_key = ${`judge-later.${keys.get('undecided')}`}`;
    expect(added).toMatchObject([{ status: 'completed' }]);
    expect(added[0]!.tokens_in).toBeGreaterThan(0);
    const calls = await e2e.infra.sql<{ n: number }[]>`select count(*)::int as n from llm_calls where run_id = ${runId} and task_key = ${added[0]!.task_key}`;
    expect(calls[0]!.n).toBe(1);
    // Added under the report, which waited for it.
    const reportTask = await e2e.infra.sql<{ depends_on: string[] }[]>`select depends_on from tasks where run_id = ${runId} and task_key = 'report'`;
    expect(reportTask[0]!.depends_on).toContain(added[0]!.task_key);
    // The decided cases got none.
    expect((await e2e.infra.sql`select 1 from tasks where run_id = ${runId} and kind = 'eval.judge'`).length).toBe(2);

    const shown = await casePage(runId, keys.get('undecided')!);
    expect(shown.head).toContain('fail');
    expect(shown.checks).toEqual([expect.stringMatching(/fail.*answer-presence.*Judge judge-test.*parla solo del personale/s)]);
  });
  it("a bando's verdict waits for the judgment of its undecided case", async () => {
    // One undecided case about a bando, its tender's verdict between the case and the report (as a daily run has it).
    const set = testSetSchema.parse({ id: 'bando', type: 'single', defaultChecks: [{ type: 'answer-presence' }], cases: [{ id: 'undecided', input: questions[2] }] });
    const reshape = (tasks: TaskSpec[]): TaskSpec[] => {
      const converse = tasks.find((t) => t.kind === 'eval.converse')!;
      const tender: TaskSpec = { key: 'tender.rovigo', kind: 'tender.verdict', payload: { tenderId: 'rovigo' }, dependsOn: [converse.key] };
      const others = tasks.filter((t) => t !== converse && t.kind !== 'eval.report');
      return [{ ...converse, payload: { ...(converse.payload as object), tenderId: 'rovigo' } }, ...others, tender, { ...tasks.find((t) => t.kind === 'eval.report')!, dependsOn: [tender.key] }];
    };
    const runId = await runEvalOnBot(e2e.infra, e2e.infra.redis, { name: 'presence-bando', sets: [set], botUrl: e2e.bot.url, workerEnv: judgeEnv(), reshape });
    const caseKey = (await caseKeys(runId)).get('undecided')!;
    const tender = await e2e.infra.sql<{ depends_on: string[] }[]>`select depends_on from tasks where run_id = ${runId} and task_key = 'tender.rovigo'`;
    expect(tender[0]!.depends_on).toContain(`judge-later.${caseKey}`);
    // Judged before the verdict was given: the bando is ko because of the judged case (it would be ok on an
    // invalid case still waiting for its judgment).
    const verdict = await e2e.infra.sql<{ result: { verdict: string; failedCases: { case_id: string; reason: string }[] } }[]>`
      select result from task_results where run_id = ${runId} and task_key = 'tender.rovigo'`;
    expect(verdict[0]!.result).toMatchObject({ verdict: 'ko', failedCases: [{ case_id: 'undecided', reason: expect.stringContaining(JUDGE_REASON) }] });
  });
});
