/**
 * bench:resume — an eval of N cases, each a converse task and a judge task (an LLM check against a fake
 * OpenAI-compatible judge): SIGKILL every worker half-way, start new ones, resume the run, and count what
 * ran twice. A task counts as executed twice when it had completed before the kill and its target request
 * (converse) was sent again afterwards; an LLM call counts as repeated when its reply had been delivered
 * before the kill and the same prompt reached the LLM server again (a re-run must find it in the cache).
 *   npm run bench:resume -- [--cases 5000] [--latency 50] [--llm-delay 100] [--concurrency 32]
 */
import type { ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { Redis } from 'ioredis';
import '../shared/tasks/index.ts';
import { submitRun } from '../shared/engine/submit.ts';
import { resumeRun } from '../shared/engine/resume.ts';
import { evalPlan, evalPlanSchema } from '../shared/plans/eval.ts';
import { loadConfig } from '../shared/config.ts';
import { BENCH_REDIS, benchRun } from './lib.ts';
import { vaglioSet } from './support/cases.ts';
import { startFakeLlm } from './support/fake-llm.ts';
import { load1, spawnService, startLatencyTarget, stopProcs, teardownRun, waitRunDone, waitWorkers } from './support/procs.ts';

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '5000' },
    latency: { type: 'string', default: '50' },
    'llm-delay': { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '32' },
  },
});
const N = Number(values.cases);
const loadStart = load1();
const target = await startLatencyTarget(Number(values.latency));
const llm = await startFakeLlm(Number(values['llm-delay']));
const db = 'vaglio_bench_resume';
const { url, prefix, env } = await benchRun(db, 'bench-resume', {
  VAGLIO_CONCURRENCY_CONVERSE: values.concurrency,
  VAGLIO_CONCURRENCY_JUDGE: values.concurrency,
  VAGLIO_LLM_BASE_URL: llm.baseURL,
  VAGLIO_LLM_API_KEY: 'bench',
  VAGLIO_JUDGE_MODEL: 'bench-judge',
  VAGLIO_LLM_CACHE: 'true',
});
const startWorkers = (): ChildProcess[] => ['conversation-runner', 'judge', 'reporter'].map((s) => spawnService(s, env));
const sql = postgres(url, { max: 4, onnotice: () => {} });
const redis = new Redis(BENCH_REDIS);
const deps = { sql, redis, prefix };

const set = vaglioSet(N, 'resume');
for (const c of set.cases) {
  c.expected = '31 gennaio 2027';
  c.checks = [{ type: 'compare-meaning' }];
}
let procs = startWorkers();
try {
  await waitWorkers(sql, procs.length);
  const t0 = performance.now();
  const plan = await evalPlan.build(
    evalPlanSchema.parse({
      plan: 'eval',
      name: 'resume',
      sets: [set],
      target: { type: 'http', name: 'bench-target', url: target.url, body: { message: '{{message}}' }, response: { answer: 'answer' } },
    }),
    { config: loadConfig(env) },
  );
  const { runId, tasks } = await submitRun(deps, { name: plan.name, plan: 'eval', spec: {}, tasks: plan.tasks, shared: plan.shared });
  const work = plan.tasks.filter((t) => t.kind === 'eval.converse' || t.kind === 'eval.judge').length;
  const doneCount = async () =>
    (await sql<{ n: number }[]>`
      select count(*)::int as n from tasks where run_id = ${runId} and status = 'completed' and kind in ('eval.converse', 'eval.judge')`)[0]!.n;
  while ((await doneCount()) < work / 2) await new Promise((r) => setTimeout(r, 100));
  const killedAt = Date.now();
  await stopProcs(procs, 'SIGKILL');
  const killedAtMs = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 300)); // let the target and LLM server see the dead sockets

  const before = await sql<{ task_key: string; kind: string; case_id: string }[]>`
    select task_key, kind, payload->>'caseId' as case_id from tasks
    where run_id = ${runId} and status = 'completed' and kind in ('eval.converse', 'eval.judge')`;
  const convDone = new Set(before.filter((r) => r.kind === 'eval.converse').map((r) => r.case_id));
  const judgeDone = before.filter((r) => r.kind === 'eval.judge').length;
  const running = (await sql<{ n: number }[]>`select count(*)::int as n from tasks where run_id = ${runId} and status = 'running'`)[0]!.n;
  const answeredBefore = new Set([...llm.answered.keys()]);
  const answeredAtBefore = new Map(llm.answeredAt);
  const llmRequestsBefore = [...llm.requested.values()].reduce((a, b) => a + b, 0);
  llm.requested.clear();
  await target.reset();

  procs = startWorkers();
  await waitWorkers(sql, procs.length);
  const r0 = performance.now();
  const resumed = await resumeRun(deps, runId);
  const replanMs = performance.now() - r0;
  const status = await waitRunDone(sql, runId, 30 * 60_000, 200);
  const afterResumeMs = performance.now() - r0;
  const totalMs = performance.now() - t0;

  const again = await target.requested();
  const convTwice = again.filter((m) => convDone.has(`c${/#(\d+)/.exec(m)?.[1]}`)).length;
  const repeated = [...llm.requested.keys()].filter((h) => answeredBefore.has(h));
  // A reply handed to the socket in the last moments before SIGKILL may not have reached the cache yet.
  const repeatedOld = repeated.filter((h) => (answeredAtBefore.get(h) ?? 0) < killedAt - 1000);
  const lastWindow = repeated.map((h) => killedAt - (answeredAtBefore.get(h) ?? killedAt));
  const llmAfter = [...llm.requested.values()].reduce((a, b) => a + b, 0);
  const cachedAfter = (await sql<{ n: number }[]>`select count(*)::int as n from llm_calls where cached`)[0]!.n;
  const final = (await sql<{ status: string; n: number }[]>`
    select status, count(*)::int as n from tasks where run_id = ${runId} group by status`).map((r) => `${r.status} ${r.n}`);
  // The engine counts every start of a task (claim), across epochs.
  const doneKeys = before.map((r) => r.task_key);
  const rerunDone = (await sql<{ n: number }[]>`
    select count(*)::int as n from tasks where run_id = ${runId} and task_key = any(${doneKeys}) and executions > 1`)[0]!.n;
  const rerunAny = (await sql<{ n: number }[]>`select count(*)::int as n from tasks where run_id = ${runId} and executions > 1`)[0]!.n;
  const passed = (await sql<{ n: number }[]>`select count(*)::int as n from case_results where run_id = ${runId} and outcome = 'pass'`)[0]!.n;

  console.log(`${N} cases → ${tasks} tasks (${work} converse + judge); target ${values.latency} ms, judge LLM ${values['llm-delay']} ms, concurrency ${values.concurrency}; load1 ${loadStart} at start, ${load1()} at end`);
  console.log('');
  console.log('| measure | value |');
  console.log('|---|---|');
  console.log(`| killed (SIGKILL, all workers) after | ${(killedAtMs / 1000).toFixed(1)} s, ${before.length} of ${work} tasks completed (${convDone.size} converse, ${judgeDone} judge), ${running} running |`);
  console.log(`| re-plan (resumeRun) | ${replanMs.toFixed(0)} ms, ${resumed.relaunched.length} tasks relaunched in epoch ${resumed.epoch} |`);
  console.log(`| completed tasks executed twice (target requests for cases already done) | ${convTwice} |`);
  console.log(`| tasks completed before the kill and started again (tasks.executions > 1) | ${rerunDone} |`);
  console.log(`| tasks started more than once in all (the ones in flight at the kill re-run, at-least-once) | ${rerunAny} |`);
  // By the LLM server's clock: a reply it sent after the SIGKILL cannot have reached the dead process.
  const sentAfterKill = lastWindow.filter((ms) => ms < 0).length;
  console.log(
    `| LLM calls repeated (prompts answered before the kill, sent again) | ${repeated.length}: ${repeated.length - sentAfterKill} answered before the kill signal, ` +
      `${sentAfterKill} after it (the process was already dead); answered more than 1 s before the kill: ${repeatedOld.length} ` +
      `(the window: ${Math.max(...lastWindow, 0)} ms before to ${-Math.min(...lastWindow, 0)} ms after the kill signal) |`,
  );
  console.log(`| LLM requests before / after the kill; cache hits recorded | ${llmRequestsBefore} / ${llmAfter}; ${cachedAfter} |`);
  console.log(`| target requests after the kill (cases not done + in flight) | ${again.length} for ${N - convDone.size} cases not done |`);
  console.log(`| run | ${status}, ${final.join(', ')}, ${passed}/${N} cases passed, ${(totalMs / 1000).toFixed(1)} s in all, ${(afterResumeMs / 1000).toFixed(1)} s after the resume |`);
} finally {
  await teardownRun({ procs, redis, prefix, sql, db });
  await target.stop();
  await llm.close();
}
