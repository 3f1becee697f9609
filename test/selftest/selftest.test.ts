/**
 * vaglio's own regression net: the demo's code path (buildSuite on the ingested demo corpus, submitRun, real
 * workers, the demo chatbot over HTTP) on a subset of tenders. The clean chatbot must pass every generated case
 * and resist every selected attack; each conversational fault mode must be caught by the part of the suite
 * FAULT_DETECTORS names. Only the chatbot is restarted per fault; the workers are shared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { startTestWorkers, waitForRunStatus, type InProcessWorkers } from '../helpers/engine.ts';
import { ingest } from '../../shared/ingest/index.ts';
import { buildSuite } from '../../shared/plans/suite.ts';
import { submitRun } from '../../shared/engine/submit.ts';
import { computeSummary, type RunSummary } from '../../shared/eval/summary.ts';
import type { Family } from '../../shared/generate/index.ts';
import { DEMO_CANARY, SYSTEM_PROMPT, startDemoChatbot, type FaultMode } from '../../services/demo-chatbot/index.ts';
import { CORPUS_DIR, DEMO_TODAY, isExpired, loadDemoCorpus, loadSeededErrors } from '../../examples/corpus/corpus.ts';
import { DEMO_COLLECTION, DEMO_THRESHOLDS, FAULT_DETECTORS, demoTarget } from '../../cli/demo/index.ts';
import { faultTable, formatFaultTable, type FaultTable } from '../../cli/demo/faults.ts';

/**
 * Chosen to cover the families' hard spots: a diploma (005), a bilingual region and a mobilità (011), a relative
 * deadline rolled over a Sunday with wrong stored metadata (012), an expired selezione asking a dottorato (016),
 * a region inside the title (020), an L/SNT class (003), an avviso (024).
 */
const TENDERS = [
  'demo-003-asl-roma2-collaboratore-infermiere',
  'demo-005-comune-napoli-agente-polizia-locale',
  'demo-011-provincia-bolzano-mobilita-geometra',
  'demo-012-comune-trieste-assistente-sociale',
  'demo-016-unibo-ricercatore-tenure-track-rimini',
  'demo-020-agenzia-entrate-funzionario-tributario-calabria',
  'demo-024-comune-verona-avviso-educatori-tempo-determinato',
];
const FAMILIES: Family[] = ['boilerplate', 'fact', 'search', 'scope-switch'];
const BRANCHES = ['information-boundary', 'role-register', 'temporal-integrity', 'opinions-fairness'];
/** Scenarios per branch: the seeded selection's (distinct base attacks first, round-robin over the branches). */
const PER_BRANCH = 4;

/** Each fault with the families / red-team branches its detector reads: the rest of the suite adds nothing. */
const FAULT_RUNS: { fault: FaultMode; families: Family[]; branches: string[]; techniques?: string[]; diagnostics?: boolean; allTenders?: boolean }[] = [
  { fault: 'no-tool', families: ['fact'], branches: [] },
  { fault: 'sticky-tender', families: ['scope-switch'], branches: [] },
  { fault: 'wrong-deadline', families: ['fact'], branches: [] },
  { fault: 'refuse-boilerplate', families: ['boilerplate'], branches: [] },
  { fault: 'ignore-region-filter', families: ['search'], branches: [] },
  // The red-team faults play the seeded selection of the techniques their detector reads (distinct attacks first).
  { fault: 'leak-system-prompt', families: [], branches: ['information-boundary'], techniques: ['system-prompt-extraction'] },
  { fault: 'register-hijack', families: [], branches: ['role-register'], techniques: ['pirate', 'rhymes'] },
  // The expired-bando question of the fact family (bando-status) catches it; the temporal red-team branch may too.
  { fault: 'expired-as-open', families: ['fact'], branches: ['temporal-integrity'], techniques: ['expired-as-open'] },
  // Data faults: the embedding collection (diagnostics) and the stored metadata of the whole corpus.
  { fault: 'zero-vectors', families: [], branches: [], diagnostics: true },
  { fault: 'wrong-metadata', families: [], branches: [], allTenders: true },
];

let infra: TestInfra;
let workers: InProcessWorkers;
let clean: RunSummary | undefined;
const tables: FaultTable[] = [];

beforeAll(async () => {
  infra = await createTestInfra('selftest');
  workers = await startTestWorkers(infra, ['converse', 'judge', 'metadata', 'diagnostics', 'report', 'control']);
  const ingested = await ingest(infra.sql, { type: 'folder', id: 'demo-corpus', path: CORPUS_DIR });
  expect(ingested.errors).toEqual([]);
});

afterAll(async () => {
  if (tables.length) console.log(formatFaultTable({ rows: tables.flatMap((t) => t.rows), otherNew: tables.flatMap((t) => t.otherNew ?? []) }, tables.length));
  await workers?.stop();
  await infra?.teardown();
});

async function runDemoSuite(
  faults: FaultMode[],
  families: Family[],
  branches: string[],
  opts: { allTenders?: boolean; diagnostics?: boolean; techniques?: string[] } = {},
): Promise<RunSummary> {
  const bot = await startDemoChatbot({ databaseUrl: infra.url, corpusDir: CORPUS_DIR, faults, today: DEMO_TODAY, port: 0 });
  try {
    const expiredBandi = loadDemoCorpus()
      .filter((t) => isExpired(t.metadata, DEMO_TODAY))
      .map((t) => ({ id: t.id, title: t.metadata.title, deadline: t.metadata.deadline }));
    const suite = await buildSuite(infra.sql, {
      target: demoTarget(bot.url),
      today: DEMO_TODAY,
      tenderIds: opts.allTenders ? undefined : TENDERS,
      families,
      metadataFrom: 'demo',
      diagnostics: opts.diagnostics
        ? [{ collection: DEMO_COLLECTION, thresholds: DEMO_THRESHOLDS, source: { type: 'postgres', schema: 'demo', table: 'chunks', idColumn: 'id', docColumn: 'tender_id', vectorColumn: 'embedding', vectorFormat: 'array' } }]
        : [],
      redteam: branches.length
        ? {
            branches,
            techniques: opts.techniques,
            limit: PER_BRANCH * branches.length,
            detectorOptions: { canary: DEMO_CANARY, systemPrompt: SYSTEM_PROMPT, expiredBandi, today: DEMO_TODAY, allowedTools: ['search_tenders', 'get_tender_text', 'get_faq'] },
          }
        : undefined,
    });
    const deps = { sql: infra.sql, redis: workers.redis, prefix: infra.prefix };
    const { runId } = await submitRun(deps, { name: `selftest ${faults.join(',') || 'clean'}`, plan: 'demo', spec: { demo: true, faults, today: DEMO_TODAY }, tasks: suite.tasks });
    expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed', 'canceled'], 150_000)).toBe('completed');
    return await computeSummary(infra.sql, runId);
  } finally {
    await bot.close();
  }
}

const describeFailures = (s: RunSummary, families: string[]) =>
  s.failures
    .filter((f) => families.includes(f.family ?? ''))
    .map((f) => `${f.caseId}: ${f.outcome}: ${f.reason}`);

describe('self-test: the demo suite against the demo chatbot', () => {
  it('the clean chatbot passes every generated case and resists every selected attack', async () => {
    const s = await runDemoSuite([], FAMILIES, BRANCHES, { diagnostics: true });
    clean = s;
    // Its collection is within bounds, and only the corpus's seeded metadata errors are flagged.
    expect(s.diagnostics.map((d) => d.verdict)).toEqual(['ok']);
    const seeded = new Set(loadSeededErrors().map((e) => e.id));
    expect(s.tenders.filter((t) => t.metadataKo).map((t) => t.tenderId).sort()).toEqual(TENDERS.filter((t) => seeded.has(t)).sort());
    for (const family of FAMILIES) expect(s.byFamily.find((f) => f.key === family)?.total ?? 0, family).toBeGreaterThan(0);
    expect(describeFailures(s, FAMILIES)).toEqual([]);
    expect(s.redteam?.byBranch.map((b) => b.branch).sort()).toEqual([...BRANCHES].sort());
    expect(s.redteam?.byBranch.filter((b) => b.succeeded > 0)).toEqual([]);
  }, 180_000);

  for (const run of FAULT_RUNS) {
    it(`fault ${run.fault} is caught by ${FAULT_DETECTORS[run.fault].by}, and nothing else newly fails`, async () => {
      expect(clean, 'the clean run').toBeDefined();
      const s = await runDemoSuite([run.fault], run.families, run.branches, run);
      const table = faultTable(s, [run.fault], FAULT_DETECTORS, clean);
      tables.push(table);
      expect(table.rows[0]!.newlyCaught).toBeGreaterThan(0);
      // The whole corpus's metadata (wrong-metadata) covers tenders the clean run did not play: only cases count.
      expect(table.otherNew!.map((f) => `${f.caseId}: ${f.failedChecks.map((c) => c.checkId).join(', ')}`)).toEqual([]);
    });
  }
});
