/**
 * SIGKILL the real handlers mid-work. Each trial plays an eval run (cases against a real counting HTTP chatbot,
 * an LLM check judged by a real OpenAI-compatible test server, the report e-mailed to a real SMTP server) with
 * the service under test — conversation-runner, judge or reporter — as two OS processes started from their
 * service entry points, and the other services in this process. Once a process of the service is in the middle
 * of its work (a conversation waiting on the chatbot, a verdict waiting on the judge model, the report e-mail
 * being sent), that process is SIGKILLed and a replacement started. Then, per case: exactly one verdict (one
 * case_results row, judged, with its LLM check), the chatbot asked once if the case had completed before the
 * kill (at most its attempts otherwise), the judge model asked once per LLM check for a verdict completed
 * before the kill (at most the judge's attempts otherwise), and the report made once (one e-mail delivered).
 */
import type { ChildProcess } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { FAST_STALL, PATIENCE_MS, killAndWait, killMidRun, spawnService, startTestWorkers, waitFor, waitForWorkerProcesses, type InProcessWorkers } from '../helpers/engine.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { submitRun } from '../../shared/engine/submit.ts';
import { redisConnection } from '../../shared/engine/connections.ts';
import { getKind } from '../../shared/engine/kinds.ts';
import { evalPlan, evalPlanSchema } from '../../shared/plans/eval.ts';
import { runReportDir } from '../../shared/report/index.ts';
import type { QueueName } from '../../queues/index.ts';
import { startStormTarget, type StormTarget } from './storm-target.ts';
import { startMailSink, type MailSink } from './mail-sink.ts';
import '../../shared/tasks/index.ts';

const CASES = 8;
let infra: TestInfra;
let redis: Redis;
let target: StormTarget;
let llm: FakeOpenAI;
let mail: MailSink;
const pool: ChildProcess[] = [];
let helpers: InProcessWorkers | undefined;
const figures: Record<string, { trials: number; cases: number; targetRequests: number; maxPerCase: number; judgeRequests: number; maxPerJudge: number; rescued: number; mails: number }> = {};

/** The case id at the start of each message (e.g. "k3c5"), unique per trial: the chatbot and the judge count by it. */
const caseIdIn = (text: string) => /\b(k\d+c\d+)\b/.exec(text)?.[1];
const judgeRequests = (caseId: string) => llm.chatRequests().filter((r) => caseIdIn(JSON.stringify(r.body.messages ?? [])) === caseId).length;
const VERDICT = (() => {
  const ok = { verdict: 'pass', reason: 'ok' };
  return JSON.stringify({ relevance: ok, groundedness: ok, completeness: ok, abstention: { verdict: 'not_applicable', reason: 'n/a' } });
})();

beforeAll(async () => {
  infra = await createTestInfra('resilience_sigkill');
  redis = redisConnection(infra.redisUrl);
  // The chatbot and the judge model answer slowly enough that a process is caught waiting on them. Even cases
  // are answered at once and odd ones slowly, so a batch job the victim holds (two cases, started together)
  // has a case completed beside one still waiting: its retry must play only the second.
  target = await startStormTarget(() => 'ok', { delayFor: (id) => (Number(/c(\d+)$/.exec(id)?.[1] ?? 1) % 2 === 0 ? 100 : 2500) });
  llm = await startFakeOpenAI(() => ({ content: VERDICT, delayMs: 1500 }));
  mail = await startMailSink();
});
afterAll(async () => {
  await Promise.all(pool.map((c) => killAndWait(c, 'SIGKILL')));
  await helpers?.stop();
  console.log(`[sigkill] ${JSON.stringify(figures)}`);
  redis?.disconnect();
  await target?.close();
  await llm?.close();
  await mail?.close();
  await infra?.teardown();
});

const env = () => ({
  ...infra.env,
  VAGLIO_CONCURRENCY_CONVERSE: '2',
  VAGLIO_CONCURRENCY_JUDGE: '2',
  VAGLIO_CONCURRENCY_REPORT: '2',
  VAGLIO_LLM_BASE_URL: llm.baseURL,
  VAGLIO_LLM_API_KEY: 'sk-test-not-a-real-key',
  VAGLIO_JUDGE_MODEL: 'judge-test-model',
  VAGLIO_SMTP_URL: mail.url,
  VAGLIO_EMAIL_TO: 'ops@example.org',
  ...FAST_STALL,
});

interface Plan {
  service: 'conversation-runner' | 'judge' | 'reporter';
  /** Everything else the run needs, in this process. */
  others: QueueName[];
  trials: number;
}
const PLAN: Plan[] = [
  { service: 'conversation-runner', others: ['judge', 'report', 'control'], trials: 4 },
  { service: 'judge', others: ['converse', 'report', 'control'], trials: 4 },
  { service: 'reporter', others: ['converse', 'judge', 'control'], trials: 3 },
];

/**
 * Which cases have the LLM check. A case with one gets its own converse job (its judge task is its flow parent);
 * cases without one share the report as parent and travel as one batch job. The conversation-runner trials need
 * both (a batch job whose completed cases a rescue must not replay), so there only c6 and c7 are judged.
 */
const judgedCase = (p: Plan, i: number) => p.service !== 'conversation-runner' || i >= CASES - 2;

async function submit(p: Plan, n: number) {
  const input = evalPlanSchema.parse({
    plan: 'eval',
    name: `kill-${n}`,
    sets: [{
      id: `set${n}`,
      type: 'single',
      cases: Array.from({ length: CASES }, (_, i) => ({
        id: `c${i}`,
        input: `k${n}c${i} quando scade il bando?`,
        checks: [{ type: 'contains', value: 'ok' }, ...(judgedCase(p, i) ? [{ type: 'general-quality' }] : [])],
      })),
    }],
    target: { type: 'http', url: target.url, body: { message: '{{message}}' }, response: { answer: 'answer' } },
  });
  const built = await evalPlan.build(input, { config: helpers!.config });
  return submitRun({ sql: infra.sql, redis, prefix: infra.prefix }, { name: built.name, plan: 'eval', spec: {}, tasks: built.tasks, shared: built.shared });
}

const caseOf = (taskKey: string) => /\.(c\d+)\.r\d+$/.exec(taskKey)?.[1];
const ofProcess = (c: ChildProcess, workerId: string | null) => Boolean(workerId?.includes(`.${c.pid}.`));

/**
 * The moment to kill: a process of the service is mid-work (waiting on the chatbot, the judge model or the SMTP
 * server) and, for the case-level services, some of the run's work of that kind is already done. Returns the
 * process to kill.
 */
async function midWork(p: Plan, runId: string, n: number): Promise<ChildProcess> {
  const kind = { 'conversation-runner': 'eval.converse', judge: 'eval.judge', reporter: 'eval.report' }[p.service];
  return waitFor(`a ${p.service} process mid-work`, async () => {
    const rows = await infra.sql<{ task_key: string; status: string; worker_id: string | null; job_id: string | null }[]>`
      select task_key, status, worker_id, job_id from tasks where run_id = ${runId} and kind = ${kind}`;
    if (p.service === 'reporter') {
      if (mail.held.filter((m) => m.includes(runId)).length === 0) return undefined;
      const holder = rows.find((r) => r.status === 'running');
      return pool.find((c) => ofProcess(c, holder?.worker_id ?? null));
    }
    const completed = rows.filter((r) => r.status === 'completed');
    if (completed.length === 0) return undefined;
    // A running task whose request has reached the chatbot (or the judge model) and not been answered yet; for
    // cases, one whose batch job also holds a completed case (the job the kill sends back to the queue).
    const waiting = rows.filter((r) => {
      if (r.status !== 'running') return false;
      if (p.service === 'conversation-runner' && !completed.some((c) => c.job_id === r.job_id)) return false;
      const caseId = `k${n}${caseOf(r.task_key) ?? ''}`;
      return p.service === 'judge' ? judgeRequests(caseId) > 0 : (target.perCase.get(caseId) ?? 0) > 0;
    });
    return pool.find((c) => waiting.some((r) => ofProcess(c, r.worker_id)));
  }, PATIENCE_MS, 25);
}

async function trial(p: Plan, n: number) {
  const f = (figures[p.service] ??= { trials: 0, cases: 0, targetRequests: 0, maxPerCase: 0, judgeRequests: 0, maxPerJudge: 0, rescued: 0, mails: 0 });
  await waitForWorkerProcesses(infra.sql, pool);
  if (p.service === 'reporter') mail.holdNext();
  const { runId } = await submit(p, n);
  const victim = await midWork(p, runId, n);
  const { atKill, rows, status } = await killMidRun(infra.sql, runId, pool, victim, () => spawnService(p.service, env()));
  expect(status).toBe('completed');
  const doneAtKill = new Set([...atKill.values()].filter((t) => t.status === 'completed').map((t) => t.task_key));
  f.rescued += [...atKill.values()].filter((t) => t.status === 'running' && ofProcess(victim, t.worker_id)).length;
  expect([...rows.values()].filter((t) => t.status !== 'completed').map((t) => `${t.task_key}:${t.status}`)).toEqual([]);
  // A task completed before the kill never ran again.
  expect([...doneAtKill].filter((k) => rows.get(k)!.executions !== 1)).toEqual([]);

  // Every case: exactly one verdict, judged (its LLM check's verdict from the judge model, not "not judged yet").
  const verdicts = await infra.sql<{ task_key: string; outcome: string; pending_llm: boolean; llm: string[] }[]>`
    select c.task_key, c.outcome, c.pending_llm,
      coalesce((select array_agg(k.outcome) from check_results k where k.run_id = c.run_id and k.task_key = c.task_key and k.source = 'llm'), '{}') as llm
    from case_results c where c.run_id = ${runId}`;
  const converse = [...rows.values()].filter((t) => t.kind === 'eval.converse').map((t) => t.task_key).sort();
  expect(converse).toHaveLength(CASES);
  expect(verdicts.map((v) => v.task_key).sort()).toEqual(converse);
  for (const v of verdicts) {
    const llm = judgedCase(p, Number(caseOf(v.task_key)!.slice(1))) ? ['pass'] : [];
    expect({ key: v.task_key, outcome: v.outcome, pending: v.pending_llm, llm: v.llm }).toEqual({ key: v.task_key, outcome: 'pass', pending: false, llm });
  }

  // What the chatbot and the judge model saw, per case.
  const converseAttempts = getKind('eval.converse')!.attempts;
  const judgeAttempts = getKind('eval.judge')!.attempts;
  for (const key of converse) {
    const caseId = `k${n}${caseOf(key)}`;
    const judgeKey = key.replace(/^case\./, 'judge.');
    const judging = judgedCase(p, Number(caseOf(key)!.slice(1)));
    expect(rows.has(judgeKey), judgeKey).toBe(judging);
    const asked = target.perCase.get(caseId) ?? 0;
    const judged = judgeRequests(caseId);
    f.cases++;
    f.targetRequests += asked;
    f.judgeRequests += judged;
    f.maxPerCase = Math.max(f.maxPerCase, asked);
    f.maxPerJudge = Math.max(f.maxPerJudge, judged);
    expect(asked, key).toBeGreaterThanOrEqual(1);
    expect(asked, key).toBeLessThanOrEqual(doneAtKill.has(key) ? 1 : converseAttempts);
    // One LLM check per case, one request per verdict (the content-addressed cache answers a repeated prompt).
    expect(judged, judgeKey).toBeGreaterThanOrEqual(judging ? 1 : 0);
    expect(judged, judgeKey).toBeLessThanOrEqual(!judging ? 0 : doneAtKill.has(judgeKey) ? 1 : judgeAttempts);
  }

  // The report, made once: one e-mail delivered for the run, and its files on disk.
  const mails = await waitFor('the run e-mail', async () => {
    const m = mail.accepted.filter((t) => t.includes(runId));
    return m.length ? m : undefined;
  }, PATIENCE_MS);
  f.mails += mails.length;
  expect(mails).toHaveLength(1);
  expect((await infra.sql`select 1 from reports where run_id = ${runId}`).length).toBe(1);
  const files = await readdir(runReportDir(infra.env.VAGLIO_REPORT_DIR!, runId));
  expect(files.filter((x) => /\.(html|json|csv|xml)$/.test(x))).toHaveLength(4);
  f.trials++;
}

describe('SIGKILL the real conversation-runner, judge and reporter mid-work', { timeout: 12 * PATIENCE_MS }, () => {
  let n = 0;
  for (const p of PLAN) {
    it(`${p.service}: ${p.trials} trials, one verdict per case, the chatbot and the judge asked once per completed case, one report`, async () => {
      await Promise.all(pool.splice(0).map((c) => killAndWait(c, 'SIGKILL')));
      await helpers?.stop();
      helpers = await startTestWorkers(infra, p.others, env());
      pool.push(spawnService(p.service, env()), spawnService(p.service, env()));
      for (let i = 0; i < p.trials; i++) await trial(p, n++);
      if (p.service === 'reporter') expect(figures.reporter!.rescued).toBeGreaterThanOrEqual(p.trials); // the report task itself each time
    });
  }
});
