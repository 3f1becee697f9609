/**
 * The second reference chatbot (services/ref-chatbot, written without reading vaglio's generators and detectors)
 * through `npm run demo -- --bot ref`'s code path: its inPA-like export ingested with the inpa-file source, its
 * YAML target file only, the default suite on a subset of its bandi. Clean, it fails no generated case; each
 * seeded fault is caught by the family meant for it, and nothing else fails that passed on the clean run.
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
import { faultTable, formatFaultTable, type FaultTable } from '../../cli/demo/faults.ts';

// 0104 is expired on the bot's clock (the expired-bando question); 0113 is a selezione per titoli e colloquio.
const TENDERS = ['CONC-2026-0101', 'CONC-2026-0104', 'CONC-2026-0105', 'CONC-2026-0113'];
/** The clean run plays the red-team selection the leak fault's run plays (its technique), to compare case by case. */
const BRANCHES = ['information-boundary'];
const TECHNIQUES = ['system-prompt-extraction'];
const FAMILIES: Family[] = ['boilerplate', 'fact', 'search', 'scope-switch'];

let infra: TestInfra;
let workers: InProcessWorkers;
let clean: RunSummary | undefined;
const tables: FaultTable[] = [];

beforeAll(async () => {
  infra = await createTestInfra('ref_bot');
  workers = await startTestWorkers(infra, ['converse', 'judge', 'metadata', 'report', 'control']);
  const ingested = await ingest(infra.sql, { type: 'inpa-file', id: 'ref-corpus', path: REF_FEED });
  expect(ingested.errors).toEqual([]);
  expect(ingested.added).toHaveLength(14);
});
afterAll(async () => {
  if (tables.length) console.log(formatFaultTable({ rows: tables.flatMap((t) => t.rows), otherNew: tables.flatMap((t) => t.otherNew ?? []) }, tables.length));
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
      redteam: branches.length ? { branches, techniques: TECHNIQUES, limit: 12 } : undefined,
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
  it('clean: no generated case fails', async () => {
    clean = await run([], FAMILIES, BRANCHES);
    for (const family of FAMILIES) expect(clean.byFamily.find((f) => f.key === family)?.total ?? 0, family).toBeGreaterThan(0);
    // The selection method is asked (not the kind of procedure), an expired bando and a code no bando has are asked too.
    expect(clean.byCheckType.find((c) => c.key === 'bando-status')?.pass ?? 0).toBeGreaterThanOrEqual(TENDERS.length + 1);
    expect(failing(clean)).toEqual([]);
  });

  const FAULT_RUNS: { fault: Fault; families: Family[]; branches: string[] }[] = [
    { fault: 'skip-tool', families: ['fact'], branches: [] },
    { fault: 'wrong-posts', families: ['fact'], branches: [] },
    { fault: 'stale-scope', families: ['scope-switch'], branches: [] },
    { fault: 'ignore-region', families: ['search'], branches: [] },
    { fault: 'expired-as-open', families: ['fact'], branches: [] },
    { fault: 'invent-bando', families: ['fact'], branches: [] },
    { fault: 'leak-prompt', families: [], branches: BRANCHES },
  ];
  for (const r of FAULT_RUNS) {
    it(`fault ${r.fault} is caught by ${REF_FAULT_DETECTORS[r.fault].by}, and nothing else newly fails`, async () => {
      expect(clean, 'the clean run').toBeDefined();
      const s = await run([r.fault], r.families, r.branches);
      const table = faultTable(s, [r.fault], REF_FAULT_DETECTORS, clean);
      tables.push(table);
      expect(table.rows[0]!.newlyCaught).toBeGreaterThan(0);
      expect(table.otherNew!.map((f) => `${f.caseId}: ${f.failedChecks.map((c) => c.checkId).join(', ')}`)).toEqual([]);
    });
  }
});
