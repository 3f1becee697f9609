/**
 * The demo: the demo tender chatbot (optionally with fault modes) evaluated by the default suite on the demo
 * corpus — per-tender tests, red-team, metadata verification, diagnostics — with a detection table when
 * faults are on.
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { Sql } from '../../shared/db/client.ts';
import type { Redis } from 'ioredis';
import type { Config } from '../../shared/config.ts';
import type { TaskSpec } from '../../shared/engine/dag.ts';
import type { RunDetail } from '../../shared/engine/runs.ts';
import { ingest } from '../../shared/ingest/index.ts';
import { buildSuite } from '../../shared/plans/suite.ts';
import { targetConfigSchema, type TargetConfig } from '../../shared/targets/index.ts';
import { computeSummary, type RunSummary } from '../../shared/eval/summary.ts';
import { SYSTEM_PROMPT, FAULT_MODES, parseFaults, startDemoChatbot, type FaultMode } from '../../services/demo-chatbot/index.ts';
import { CORPUS_DIR, DEMO_TODAY, loadSeededErrors } from '../../examples/corpus/corpus.ts';
import { printSummary } from '../summary.ts';
import { anyOf, byBranch, byCheck, byCount, byFamily, byRedteamCheck, faultTable, formatFaultTable, type FaultDetector } from './faults.ts';
import { ROOT } from '../paths.ts';
import type { DatasetName } from '../../shared/redteam/datasets/registry.ts';

export type { FaultDetector } from './faults.ts';

export interface DemoDeps {
  sql: Sql;
  redis: Redis;
  prefix: string;
  config: Config;
}

export interface Demo {
  name: string;
  plan: string;
  spec: Record<string, unknown>;
  tasks: TaskSpec[];
  faults: string[];
  /** The detection table's rows, per fault the bot knows (default: the demo chatbot's). */
  detectors?: Record<string, FaultDetector>;
  faultCount?: number;
  cleanup?: () => Promise<void>;
}

export interface DemoOptions {
  faults: string[];
  /** Red-team scenarios to run (distinct attacks first, spread over every branch); 0 for none. */
  redteam?: number;
  /** The red-team selection's seed (default "vaglio"). */
  redteamSeed?: string;
  /** Public datasets played as well (`--redteam-dataset`). */
  datasets?: { name: DatasetName; limit: number | 'all' }[];
  datasetsDir?: string;
  /** Only these tenders (default: the whole corpus). */
  tenderIds?: string[];
  today?: string;
}

export const DEMO_COLLECTION = 'demo.chunks';

/**
 * Admissible values for the demo collection, calibrated on the clean chatbot's collection: the demo bandi share
 * standard articles (data protection, general requirements) verbatim, as real bandi do, so ~35% of chunks are
 * exact duplicates across documents, and article-level lexical embeddings group by topic more than by bando
 * (silhouette ≈ -0.13). A collection drifting outside these bounds — or with any zero vectors — is ko.
 */
export const DEMO_THRESHOLDS = {
  maxZeroShare: 0.01,
  maxNullShare: 0.01,
  maxExactDuplicateShare: 0.4,
  maxNearDuplicateShare: 0.45,
  minSilhouette: -0.25,
};

/** Which part of the default suite is expected to catch each fault mode of the demo chatbot. */
export const FAULT_DETECTORS: Record<FaultMode, FaultDetector> = {
  'no-tool': byCheck('tool-use checks (hard) on boilerplate and fact cases', 'tool-use'),
  'sticky-tender': byFamily('tool-use per turn in scope-switch conversations', 'scope-switch'),
  // A deadline moved 7 days later can put an expired bando's past today: the expired-bando question sees it too.
  'wrong-deadline': anyOf('fact-match on the deadline facts (+ bando-status: expired moved past today)', byCheck('', 'fact-match'), byCheck('', 'bando-status', 'expired')),
  'refuse-boilerplate': byCheck('answer-presence on boilerplate questions', 'answer-presence'),
  'leak-system-prompt': byBranch('red-team canary / system-prompt detectors', 'information-boundary'),
  // The register sticks to the session: a recovery attack's fresh question is still answered in it.
  'register-hijack': anyOf('red-team register detectors (pirate, rhyme; + recovery: register kept)', byBranch('', 'role-register'), byRedteamCheck('', 'recovery-failed')),
  'ignore-region-filter': byCheck('search-results (negative: other regions excluded)', 'search-results'),
  'expired-as-open': anyOf(
    'bando-status on expired bandi (fact) + red-team temporal detectors',
    byCheck('', 'bando-status', 'expired'),
    byBranch('', 'temporal-integrity'),
  ),
  'zero-vectors': byCount('embedding diagnostics (zero-vector share)', (s) => s.diagnostics.filter((d) => d.verdict === 'ko').length),
  // The corpus ships 6 seeded metadata errors that are ko on a clean run too: only other tenders count.
  'wrong-metadata': byCount('metadata verification (text vs attached metadata)', (s) => {
    const seeded = new Set(loadSeededErrors().map((e) => e.id));
    return s.tenders.filter((t) => t.metadataKo && !seeded.has(t.tenderId)).length;
  }),
};

export function demoTarget(url: string): TargetConfig {
  const raw = parse(readFileSync(path.join(ROOT, 'scenarios/targets/demo-chatbot.yaml'), 'utf8')) as Record<string, unknown>;
  return targetConfigSchema.parse({ ...raw, url: `${url}/chat` });
}

export async function buildDemo(deps: DemoDeps, opts: DemoOptions, out: NodeJS.WritableStream): Promise<Demo> {
  const faults = [...parseFaults(opts.faults)];
  const today = opts.today ?? DEMO_TODAY;
  const bot = await startDemoChatbot({ databaseUrl: deps.config.DATABASE_URL, corpusDir: CORPUS_DIR, faults, today, port: 0 });
  out.write(`demo chatbot at ${bot.url}${faults.length ? ` with faults: ${faults.join(', ')}` : ''}\n`);
  try {
    const ingested = await ingest(deps.sql, { type: 'folder', id: 'demo-corpus', path: CORPUS_DIR });
    out.write(
      `ingested the demo corpus: ${ingested.added.length} new, ${ingested.changed.length} changed, ${ingested.unchanged.length} unchanged, ${ingested.errors.length} errors\n`,
    );
    for (const e of ingested.errors) out.write(`  ingestion error ${e.externalId}: ${e.reason}\n`);
    // Only the demo corpus's own tenders: the database may hold others (another corpus, the reference bot's).
    const ids = [...ingested.added, ...ingested.changed, ...ingested.unchanged];
    const suite = await buildSuite(deps.sql, {
      target: demoTarget(bot.url),
      today,
      tenderIds: opts.tenderIds ?? ids,
      metadataFrom: 'demo',
      redteam:
        opts.redteam === 0
          ? undefined
          : {
              limit: opts.redteam ?? 120,
              seed: opts.redteamSeed,
              datasets: opts.datasets ?? [],
              datasetsDir: opts.datasetsDir,
              // The canary and the allowed tools come from the target file, the expired bandi from the ingested
              // corpus (shared/redteam/context.ts); the demo knows its whole system prompt and gives it too.
              detectorOptions: { systemPrompt: SYSTEM_PROMPT },
            },
      diagnostics: [
        {
          collection: DEMO_COLLECTION,
          thresholds: DEMO_THRESHOLDS,
          source: { type: 'postgres', schema: 'demo', table: 'chunks', idColumn: 'id', docColumn: 'tender_id', vectorColumn: 'embedding', vectorFormat: 'array' },
        },
      ],
    });
    out.write(`suite: ${suite.tenders} tenders, ${suite.cases} generated cases, ${suite.tasks.length} tasks in all\n`);
    return {
      name: faults.length ? `demo (faults: ${faults.join(',')})` : 'demo',
      plan: 'demo',
      spec: { demo: true, faults, today },
      tasks: suite.tasks,
      faults,
      cleanup: () => bot.close(),
    };
  } catch (err) {
    await bot.close();
    throw err;
  }
}

/** `clean`: the same suite's run on the clean chatbot, to tell what else the faults broke. */
export async function printDemoSummary(deps: DemoDeps, run: RunDetail, demo: Demo, out: NodeJS.WritableStream, clean?: RunSummary): Promise<RunSummary> {
  const s = await computeSummary(deps.sql, run.id);
  printSummary(s, undefined, out);
  out.write(tenderLine(s));
  if (s.redteam) out.write(`red-team: ${s.redteam.succeeded} of ${s.redteam.scenarios} decided attacks succeeded, ${s.redteam.invalid ?? 0} undecided (need a judge model)\n`);
  if (s.metadata) out.write(`metadata: ${s.metadata.ko} of ${s.metadata.tenders} tenders with discrepancies (${s.metadata.discrepancies} in all, ${s.metadata.ambiguous} ambiguous — needs review)\n`);
  for (const d of s.diagnostics) out.write(`diagnostics ${d.collection}: ${d.verdict}${d.failed.length ? ` (failed: ${d.failed.join(', ')})` : ''}\n`);
  if (demo.faults.length) {
    const detectors: Record<string, FaultDetector> = demo.detectors ?? FAULT_DETECTORS;
    const table = faultTable(s, demo.faults, detectors, clean);
    out.write(`\n${formatFaultTable(table, demo.faultCount ?? Object.keys(FAULT_MODES).length)}`);
    if (!clean) out.write('  (no clean run to compare with: whether anything else newly fails is not measured)\n');
  }
  return s;
}

/**
 * The tender verdicts, with the ko ones the corpus causes on purpose (its seeded metadata errors, ko on a clean
 * chatbot too) told apart from the others, which are the chatbot's.
 */
export function tenderLine(s: RunSummary): string {
  const seeded = new Set(loadSeededErrors().map((e) => e.id));
  const ko = s.tenders.filter((t) => t.verdict === 'ko');
  const expected = ko.filter((t) => seeded.has(t.tenderId) && t.metadataKo && t.failed + t.errors === 0);
  const other = ko.filter((t) => !expected.includes(t));
  const list = (xs: typeof ko) => `${xs.slice(0, 8).map((t) => t.tenderId).join(', ')}${xs.length > 8 ? ', ...' : ''}`;
  const parts = [`${s.tenders.length - ko.length} ok`];
  if (expected.length) parts.push(`${expected.length} ko: the corpus's seeded metadata errors, expected (${list(expected)})`);
  if (other.length) parts.push(`${other.length} ko otherwise (${list(other)})`);
  return `tenders: ${parts.join('; ')}\n`;
}
