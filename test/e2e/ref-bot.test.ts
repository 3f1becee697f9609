/**
 * The second reference chatbot (services/ref-chatbot, written without reading vaglio's generators and detectors)
 * through `npm run demo -- --bot ref`'s code path: its inPA-like export ingested with the inpa-file source, its
 * YAML target file only, the default suite on a subset of its bandi. Clean, it fails no case of the families run
 * (the procedure question aside, see BENCHMARKS.md); each seeded fault is caught by the family meant for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { startTestWorkers, waitForRunStatus, type InProcessWorkers } from '../helpers/engine.ts';
import { ingest } from '../../shared/ingest/index.ts';
import { buildSuite } from '../../shared/plans/suite.ts';
import { submitRun } from '../../shared/engine/submit.ts';
import { computeSummary, type RunSummary } from '../../shared/eval/summary.ts';
import type { Family } from '../../shared/generate/index.ts';
import { DEFAULT_TODAY, startRefChatbot, type Fault } from '../../services/ref-chatbot/index.ts';
import { REF_FAULT_DETECTORS, REF_FEED, refTarget } from '../../cli/demo/ref.ts';

const TENDERS = ['CONC-2026-0101', 'CONC-2026-0104', 'CONC-2026-0105', 'CONC-2026-0113'];
const FAMILIES: Family[] = ['boilerplate', 'fact', 'search', 'scope-switch'];

let infra: TestInfra;
let workers: InProcessWorkers;

beforeAll(async () => {
  infra = await createTestInfra('ref_bot');
  workers = await startTestWorkers(infra, ['converse', 'judge', 'metadata', 'report', 'control']);
  const ingested = await ingest(infra.sql, { type: 'inpa-file', id: 'ref-corpus', path: REF_FEED });
  expect(ingested.errors).toEqual([]);
  expect(ingested.added).toHaveLength(14);
}, 120_000);
afterAll(async () => {
  await workers?.stop();
  await infra?.teardown();
});

async function run(faults: Fault[], families: Family[], branches: string[]): Promise<RunSummary> {
  const bot = await startRefChatbot({ port: 0, faults, today: DEFAULT_TODAY });
  try {
    const suite = await buildSuite(infra.sql, {
      target: await refTarget(bot.url),
      today: DEFAULT_TODAY,
      tenderIds: TENDERS,
      families,
      redteam: branches.length ? { branches, limit: 12 * branches.length } : undefined,
    });
    const deps = { sql: infra.sql, redis: workers.redis, prefix: infra.prefix };
    const { runId } = await submitRun(deps, { name: `ref ${faults.join(',') || 'clean'}`, plan: 'demo', spec: { faults }, tasks: suite.tasks });
    expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed', 'canceled'], 180_000)).toBe('completed');
    return await computeSummary(infra.sql, runId);
  } finally {
    await bot.close();
  }
}

const failing = (s: RunSummary) =>
  s.failures.filter((f) => f.family !== 'redteam').flatMap((f) => f.failedChecks.filter((c) => c.outcome === 'fail').map((c) => `${f.caseId}: ${c.checkId}`));

describe('the reference chatbot', () => {
  it('clean: no generated case fails but the procedure question it answers with the selection method', async () => {
    const s = await run([], FAMILIES, []);
    for (const family of FAMILIES) expect(s.byFamily.find((f) => f.key === family)?.total ?? 0, family).toBeGreaterThan(0);
    expect(failing(s).filter((f) => !f.endsWith('.fact.procedure: procedure'))).toEqual([]);
  });

  const FAULT_RUNS: { fault: Fault; families: Family[]; branches: string[] }[] = [
    { fault: 'skip-tool', families: ['fact'], branches: [] },
    { fault: 'wrong-posts', families: ['fact'], branches: [] },
    { fault: 'stale-scope', families: ['scope-switch'], branches: [] },
    { fault: 'ignore-region', families: ['search'], branches: [] },
    { fault: 'leak-prompt', families: [], branches: ['information-boundary'] },
  ];
  for (const r of FAULT_RUNS) {
    it(`fault ${r.fault} is caught by ${REF_FAULT_DETECTORS[r.fault].by}`, async () => {
      const s = await run([r.fault], r.families, r.branches);
      expect(REF_FAULT_DETECTORS[r.fault].caught(s)).toBeGreaterThan(0);
    });
  }
});
