/**
 * A chatbot outage end to end (real HTTP target, real Redis and Postgres, the engine): the target is down for the
 * first half of the run (the first cases it is asked, plus one case answered with a malformed page meanwhile).
 * Unreachable cases are task failures, retried by the engine then dead-lettered, and show as `error`; their
 * bandi are `not tested` (how many, why), never ok/ko. Once the target is back, `vaglio resume <run> --errors`
 * plays exactly those cases again (the malformed one too, a completed task stored as error), with their tender
 * verdicts and the report: every case is evaluated and no case that had completed is asked twice.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { startJsonBot, type JsonBot } from '../helpers/json-bot.ts';
import { ROOT, startTestWorkers, waitForRunStatus, type InProcessWorkers } from '../helpers/engine.ts';
import { redisConnection } from '../../shared/engine/connections.ts';
import { submitRun } from '../../shared/engine/submit.ts';
import { caseTasks, reportTask } from '../../shared/plans/eval.ts';
import { testSetSchema } from '../../shared/scenarios/index.ts';
import { targetConfigSchema } from '../../shared/targets/index.ts';
import { computeSummary } from '../../shared/eval/summary.ts';
import { FORMATS, buildReport, renderHtml, type GateDecision } from '../../shared/report/index.ts';

const CASES = 6;
const MALFORMED = 'Qual è il bando più recente?';
const tenderOf = (i: number) => `T${Math.floor(i / 2) + 1}`;
const question = (i: number) => `Domanda numero ${i + 1} sul bando ${tenderOf(i)}?`;

let infra: TestInfra;
let redis: Redis;
let workers: InProcessWorkers;
let bot: JsonBot;
let url: string;
let down = true;
/** The questions asked while the target was down (the first half of the run): they get 503 until it is back. */
const outage = new Set<string>();
const requests = new Map<string, number>();

beforeAll(async () => {
  infra = await createTestInfra('e2e_outage_resume');
  redis = redisConnection(infra.redisUrl);
  bot = await startJsonBot((body, res) => {
    const message = String(body.message);
    requests.set(message, (requests.get(message) ?? 0) + 1);
    if (down && message === MALFORMED) {
      res.setHeader('content-type', 'text/html');
      return void res.end('<html><body>Servizio in manutenzione</body></html>');
    }
    if (down && (outage.has(message) || outage.size < CASES / 2)) {
      outage.add(message);
      res.statusCode = 503;
      return void res.end('service unavailable');
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ answer: `Risposta alla ${message.toLowerCase()} La scadenza è il 31 gennaio 2027.` }));
  });
  url = bot.url;
  // One conversation at a time: the cases reach the target in turn, so "the first half" is the first cases asked.
  workers = await startTestWorkers(infra, ['converse', 'report', 'control'], { VAGLIO_CONCURRENCY_CONVERSE: '1' });
});
afterAll(async () => {
  await workers?.stop();
  await bot?.close();
  redis?.disconnect();
  await infra?.teardown();
});

function cli(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'cli/vaglio.ts'), ...args], { env: { ...process.env, ...infra.env, VAGLIO_LOG_LEVEL: 'warn' }, cwd: ROOT });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

describe('a target outage, then resume --errors', () => {
  it('errors and untested bandi during the outage; after it, exactly the unplayed cases are played again', async () => {
    const cases = [...Array(CASES).keys()].map((i) => ({ id: `q${i + 1}`, input: question(i), expected: '31 gennaio 2027', checks: [{ type: 'fact-match', kind: 'date' }] }));
    cases.push({ id: 'malformed', input: MALFORMED, expected: '31 gennaio 2027', checks: [{ type: 'fact-match', kind: 'date' }] });
    const set = testSetSchema.parse({ id: 'outage', type: 'single', cases });
    const target = targetConfigSchema.parse({ type: 'http', name: 'bot', url, body: { message: '{{message}}' }, response: { answer: 'answer' }, retries: 0, timeoutMs: 2000 });
    const tenderFor = (caseId: string) => (caseId === 'malformed' ? 'T4' : tenderOf(Number(caseId.slice(1)) - 1));
    const converse = caseTasks([set], target, { extra: (_s, caseId) => ({ tenderId: tenderFor(caseId) }) });
    const tenders = ['T1', 'T2', 'T3', 'T4'].map((t) => ({
      key: `tender.${t}`,
      kind: 'tender.verdict',
      payload: { tenderId: t },
      dependsOn: converse.filter((c) => (c.payload as { tenderId: string }).tenderId === t).map((c) => c.key),
    }));
    const tasks = [...converse, ...tenders];
    const { runId } = await submitRun({ sql: infra.sql, redis, prefix: infra.prefix }, { name: 'outage', plan: 'eval', spec: {}, tasks: [...tasks, reportTask(tasks, 0.5)] });
    // The unreachable cases are retried by the engine, then dead-lettered: the run ends failed, with its report.
    expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'], 90_000)).toBe('failed');
    expect(outage.size).toBe(CASES / 2);
    const dead = await infra.sql<{ task_key: string }[]>`select task_key from dead_letters where run_id = ${runId}`;
    expect(dead.length).toBe(CASES / 2);

    const before = await computeSummary(infra.sql, runId);
    expect(before.totals).toMatchObject({ pass: CASES / 2, fail: 0, error: CASES / 2 + 1 });
    const downIn = (t: string) => [...Array(CASES).keys()].filter((i) => tenderOf(i) === t && outage.has(question(i))).length;
    for (const t of ['T1', 'T2', 'T3']) {
      const v = before.tenders.find((x) => x.tenderId === t)!;
      if (downIn(t) === 0) expect(v).toMatchObject({ verdict: 'ok', untested: 0 });
      else expect(v).toMatchObject({ verdict: 'not tested', untested: downIn(t), why: expect.stringMatching(/target error: .*503/) });
    }
    expect(before.tenders.find((x) => x.tenderId === 'T4')).toMatchObject({ verdict: 'not tested', untested: 1, why: expect.stringMatching(/malformed/) });
    // The tender verdict tasks say the same.
    const verdictT4 = (await infra.sql<{ result: { verdict: string; untested: number } }[]>`
      select result from task_results where run_id = ${runId} and task_key = 'tender.T4'`)[0]!.result;
    expect(verdictT4).toMatchObject({ verdict: 'not tested', untested: 1 });
    const report = await buildReport(infra.sql, runId);
    expect(renderHtml(report)).toMatch(/not tested<\/span> <small>1 of 1 cases not played: target error: turn 0: malformed/);
    // The JSON report records the gate: its threshold, its decision and why (errored cases fail it).
    const gateIn = (r: typeof report) => (JSON.parse(FORMATS.json.render(r)) as { summary: { gate: GateDecision } }).summary.gate;
    expect(gateIn(report)).toMatchObject({ pass: false, threshold: 0.5, allowErrors: false, why: expect.arrayContaining([`${CASES / 2 + 1} cases errored (the target or the infrastructure failed; --allow-errors to accept)`]) });

    // The target is back: resume --errors relaunches the dead-lettered cases and the malformed one, and what
    // depends on them.
    const asked = new Map(requests);
    for (const q of outage) expect(asked.get(q), q).toBe(3);
    down = false;
    const resumed = await cli(['resume', runId, '--errors']);
    expect(resumed.code, resumed.err).toBe(0);
    expect(resumed.out).toMatch(/relaunched \d+ task\(s\)/);
    expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'], 90_000)).toBe('completed');

    const after = await computeSummary(infra.sql, runId);
    expect(after.totals).toMatchObject({ total: CASES + 1, pass: CASES + 1, fail: 0, invalid: 0, error: 0 });
    expect(after.tenders.map((t) => t.verdict)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(gateIn(await buildReport(infra.sql, runId))).toMatchObject({ pass: true, threshold: 0.5, why: ['pass rate 100.0% reaches the threshold 50.0%'] });
    // Cases completed before the outage ended were not asked again; each one of the others once more.
    for (const [q, n] of requests) {
      const wasDown = outage.has(q) || q === MALFORMED;
      expect(n, q).toBe((asked.get(q) ?? 0) + (wasDown ? 1 : 0));
      if (!wasDown) expect(n, q).toBe(1);
    }
  }, 200_000);
});
