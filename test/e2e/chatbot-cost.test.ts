/**
 * The chatbot's own cost, end to end: a target file with `pricing`, a real OpenAI-compatible HTTP server that
 * reports token usage, real workers, Postgres. cost-budget decides on the priced turns; the cost per case, per
 * bando and per run reaches the JSON and HTML reports and the terminal summary. Without usage or pricing the
 * check is invalid and says what is missing.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printSummary } from '../../cli/summary.ts';
import { redisConnection } from '../../shared/engine/connections.ts';
import { submitRun } from '../../shared/engine/submit.ts';
import { computeSummary } from '../../shared/eval/summary.ts';
import { caseTasks, reportTask } from '../../shared/plans/eval.ts';
import { testSetSchema } from '../../shared/scenarios/schema.ts';
import { loadTargetConfig } from '../../shared/targets/index.ts';
import { startTestWorkers, waitForRunStatus, type InProcessWorkers } from '../helpers/engine.ts';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { json, startTargetServer, type TargetServer } from '../targets/target-server.ts';

let infra: TestInfra;
let workers: InProcessWorkers;
let redis: Redis;
let bot: TargetServer;
const dir = mkdtempSync(path.join(tmpdir(), 'vaglio-cost-'));

beforeAll(async () => {
  infra = await createTestInfra('e2e_chatbot_cost');
  redis = redisConnection(infra.redisUrl);
  workers = await startTestWorkers(infra, ['converse', 'report', 'control']);
  bot = await startTargetServer();
  // 1,000 tokens in and 200 out per turn when the model is `metered`; no usage at all for `bare`.
  bot.answer((req, res) => {
    const model = (req.body as { model?: string }).model;
    json(res, 200, {
      choices: [{ index: 0, message: { role: 'assistant', content: 'Il bando scade il 15 febbraio 2027.' } }],
      ...(model === 'metered' ? { usage: { prompt_tokens: 1000, completion_tokens: 200 } } : {}),
    });
  });
});
afterAll(async () => {
  await workers?.stop();
  redis?.disconnect();
  await bot?.close();
  await infra?.teardown();
});

async function targetFile(name: string, extra: string): Promise<Awaited<ReturnType<typeof loadTargetConfig>>> {
  const file = path.join(dir, `${name}.yaml`);
  writeFileSync(file, `type: openai\nname: ${name}\nbaseUrl: ${bot.url}/v1\nretryBaseMs: 10\n${extra}`);
  return loadTargetConfig(file);
}

const set = testSetSchema.parse({
  id: 'costi',
  type: 'single',
  cases: [
    { id: 'entro-il-budget', input: 'Quando scade il bando di Bergamo?', checks: [{ type: 'cost-budget', maxUsd: 0.01 }] },
    { id: 'oltre-il-budget', input: 'E quello di Milano?', checks: [{ type: 'cost-budget', maxUsd: 0.001 }] },
    { id: 'stesso-bando', input: 'Quanti posti a Bergamo?', checks: [{ type: 'cost-budget', maxUsd: 0.01 }] },
  ],
});
const TENDER: Record<string, string> = { 'entro-il-budget': 'bando-bergamo', 'oltre-il-budget': 'bando-milano', 'stesso-bando': 'bando-bergamo' };

async function run(name: string, target: Awaited<ReturnType<typeof loadTargetConfig>>): Promise<string> {
  const tasks = caseTasks([set], target, { extra: (_s, id) => ({ tenderId: TENDER[id] }) });
  tasks.push(reportTask(tasks));
  const { runId } = await submitRun({ sql: infra.sql, redis, prefix: infra.prefix }, { name, plan: 'eval', spec: {}, tasks });
  expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'], 60_000)).toBe('completed');
  return runId;
}

const outcomes = async (runId: string) =>
  Object.fromEntries(
    (await infra.sql<{ case_id: string; outcome: string; reason: string }[]>`
      select c.case_id, k.outcome, k.reason from check_results k join case_results c using (run_id, task_key) where run_id = ${runId}`).map((r) => [r.case_id, r]),
  );

describe('the chatbot cost', () => {
  it('prices the usage with the target file`s pricing: cost-budget decides, reports show cost per case, bando and run', async () => {
    // (1000 × 0.002 + 200 × 0.01) / 1000 = $0.004 per turn.
    const target = await targetFile('metered', 'model: metered\npricing: { inputPer1k: 0.002, outputPer1k: 0.01 }\n');
    const runId = await run('cost-priced', target);
    const o = await outcomes(runId);
    expect(o['entro-il-budget']).toMatchObject({ outcome: 'pass', reason: 'cost 0.0040 USD, within the limit of 0.01 USD' });
    expect(o['oltre-il-budget']).toMatchObject({ outcome: 'fail', reason: 'cost 0.0040 USD, over the limit of 0.001 USD' });

    const reportDir = path.join(workers.config.VAGLIO_REPORT_DIR, runId);
    const report = JSON.parse(readFileSync(path.join(reportDir, `${runId}.json`), 'utf8')) as {
      summary: { cost: { targetCostUsd: number; targetTokensIn: number } };
      cases: { caseId: string; costUsd: number }[];
      tenders: { tenderId: string; costUsd: number }[];
    };
    expect(report.summary.cost.targetCostUsd).toBeCloseTo(0.012, 10);
    expect(report.summary.cost.targetTokensIn).toBe(3000);
    for (const c of report.cases) expect(c.costUsd, c.caseId).toBeCloseTo(0.004, 10);
    const byTender = Object.fromEntries(report.tenders.map((t) => [t.tenderId, t.costUsd]));
    expect(byTender['bando-bergamo']).toBeCloseTo(0.008, 10);
    expect(byTender['bando-milano']).toBeCloseTo(0.004, 10);

    const html = readFileSync(path.join(reportDir, `${runId}.html`), 'utf8');
    expect(html).toMatch(/<div class="v">\$0\.0120<\/div><div class="k">chatbot cost<\/div>/);
    expect(html).toMatch(/<div class="v">\$0\.0040<\/div><div class="k">chatbot cost per case<\/div>/);
    expect(html).toMatch(/data-tender="bando-bergamo">.*<td>\$0\.0080<\/td><\/tr>/);

    let out = '';
    printSummary(await computeSummary(infra.sql, runId), undefined, { write: (s: string) => ((out += s), true) } as unknown as NodeJS.WritableStream);
    expect(out).toContain('cost: chatbot $0.0120 for 3000+600 tokens, $0.0040 per case; judge $0.0000');
    expect(out).toContain('dearest bandi: bando-bergamo $0.0080 (2 cases), bando-milano $0.0040 (1 cases)');
  });

  it('a cost the reply reports wins over pricing', async () => {
    bot.answer((_req, res) =>
      json(res, 200, { choices: [{ message: { content: 'ok' } }], usage: { prompt_tokens: 1000, completion_tokens: 200, cost: 0.0005 } }),
    );
    const target = await targetFile('billed', 'model: metered\npricing: { inputPer1k: 0.002, outputPer1k: 0.01 }\n');
    const o = await outcomes(await run('cost-billed', target));
    expect(o['oltre-il-budget']).toMatchObject({ outcome: 'pass', reason: 'cost 0.0005 USD, within the limit of 0.001 USD' });
  });

  it('without usage or pricing cost-budget is invalid and says what to add', async () => {
    bot.answer((_req, res) => json(res, 200, { choices: [{ message: { content: 'ok' } }] }));
    const target = await targetFile('bare', 'model: bare\npricing: { inputPer1k: 0.002, outputPer1k: 0.01 }\n');
    const runId = await run('cost-bare', target);
    const o = await outcomes(runId);
    for (const r of Object.values(o)) {
      expect(r).toMatchObject({ outcome: 'invalid', reason: expect.stringContaining('no cost and no token usage to price') });
    }
    let out = '';
    printSummary(await computeSummary(infra.sql, runId), undefined, { write: (s: string) => ((out += s), true) } as unknown as NodeJS.WritableStream);
    expect(out).toContain('cost: chatbot $0, not reported');
  });

  it('a bad pricing in the target file names the file, line and field', async () => {
    await expect(targetFile('wrong', 'model: m\npricing: { inputPer1k: -1, outputPer1k: 0.01 }\n')).rejects.toThrow(/wrong\.yaml:6: pricing\.inputPer1k/);
  });
});
