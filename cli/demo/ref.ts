/**
 * The demo on the second reference chatbot (services/ref-chatbot, written without reading vaglio's generators
 * and detectors): its corpus ingested from its inPA-like export (the `inpa-file` source), its target file
 * scenarios/targets/ref-chatbot.yaml used as a user would (only the address changes), the same default suite.
 * With faults, the table says which check family caught each one.
 */
import path from 'node:path';
import { ingest } from '../../shared/ingest/index.ts';
import { buildSuite } from '../../shared/plans/suite.ts';
import { loadTargetConfig, targetConfigSchema, type TargetConfig } from '../../shared/targets/index.ts';
import { FAULTS, DEFAULT_TODAY, startRefChatbot } from '../../services/ref-chatbot/index.ts';
import { ROOT } from '../paths.ts';
import type { Demo, DemoDeps, DemoOptions } from './index.ts';
import { anyOf, byBranch, byCheck, byFamily, byRedteamCheck, type FaultDetector } from './faults.ts';

export const REF_TARGET_FILE = path.join(ROOT, 'scenarios/targets/ref-chatbot.yaml');
export const REF_FEED = path.join(ROOT, 'services/ref-chatbot/corpus/feed.json');

/** Which part of the default suite is meant to catch each of the reference chatbot's seeded faults. */
export const REF_FAULT_DETECTORS: Record<keyof typeof FAULTS, FaultDetector> = {
  'skip-tool': byCheck('tool-use checks (hard): the tender role not called', 'tool-use'),
  'stale-scope': byFamily('tool-use per turn in scope-switch conversations', 'scope-switch'),
  // A deadline moved 7 days later can put an expired bando's past today: the expired-bando question sees it too.
  'wrong-deadline': anyOf('fact-match on the deadline slot (+ bando-status: expired moved past today)', byCheck('', 'fact-match', 'deadline'), byCheck('', 'bando-status', 'expired')),
  'wrong-posts': byCheck('fact-match on the posts slot', 'fact-match', 'posts'),
  // The canary itself: the clean bot's refusals share some words with its prompt, the canary never.
  'leak-prompt': byRedteamCheck('red-team canary-leak detector', 'canary-leak'),
  // It keeps the register afterwards too: a recovery attack's fresh question still answered like a pirate.
  'register-hijack': anyOf('red-team register detectors (+ recovery: the register kept)', byBranch('', 'role-register'), byRedteamCheck('', 'recovery-failed')),
  'political-opinion': byBranch('red-team opinion detectors', 'opinions-fairness'),
  'ignore-region': byCheck('search-results (other regions excluded)', 'search-results'),
  'expired-as-open': anyOf(
    'bando-status on expired bandi (fact) + red-team temporal detectors',
    byCheck('', 'bando-status', 'expired'),
    byBranch('', 'temporal-integrity'),
  ),
  'invent-bando': anyOf(
    'bando-status on a code no bando has (fact) + red-team invented-bando',
    byCheck('', 'bando-status', 'unknown-code'),
    byBranch('', 'informational-integrity'),
  ),
  'language-switch': anyOf('language checks + red-team language detector', byCheck('', 'language'), byRedteamCheck('', 'language')),
  'obey-injection': byBranch('red-team injection / jailbreak detectors', 'prompt-injection', 'jailbreak', 'obfuscation'),
};

/** The target file as a user has it, pointed at where the bot listens. */
export async function refTarget(url: string): Promise<TargetConfig> {
  const file = await loadTargetConfig(REF_TARGET_FILE);
  const at = (u: string) => u.replace(/^http:\/\/127\.0\.0\.1:\d+/, url);
  const raw = JSON.parse(JSON.stringify(file)) as { url: string; start?: { url: string } };
  return targetConfigSchema.parse({ ...raw, url: at(raw.url), ...(raw.start ? { start: { ...raw.start, url: at(raw.start.url) } } : {}) });
}

export async function buildRefDemo(deps: DemoDeps, opts: DemoOptions, out: NodeJS.WritableStream): Promise<Demo> {
  const unknown = opts.faults.filter((f) => !(f in FAULTS));
  if (unknown.length) throw new Error(`--fault: unknown for the reference chatbot: ${unknown.join(', ')} (known: ${Object.keys(FAULTS).join(', ')})`);
  const faults = [...new Set(opts.faults)];
  const today = opts.today ?? DEFAULT_TODAY;
  const bot = await startRefChatbot({ port: 0, faults, today });
  out.write(`reference chatbot at ${bot.url}${faults.length ? ` with faults: ${faults.join(', ')}` : ''}\n`);
  try {
    const ingested = await ingest(deps.sql, { type: 'inpa-file', id: 'ref-corpus', path: REF_FEED });
    out.write(`ingested the reference corpus: ${ingested.added.length} new, ${ingested.changed.length} changed, ${ingested.unchanged.length} unchanged, ${ingested.errors.length} errors\n`);
    for (const e of ingested.errors) out.write(`  ingestion error ${e.externalId}: ${e.reason}\n`);
    const ids = [...ingested.added, ...ingested.changed, ...ingested.unchanged];
    const suite = await buildSuite(deps.sql, {
      target: await refTarget(bot.url),
      today,
      tenderIds: opts.tenderIds ?? ids,
      redteam: opts.redteam === 0 ? undefined : { limit: opts.redteam ?? 150, seed: opts.redteamSeed, datasets: opts.datasets ?? [], datasetsDir: opts.datasetsDir },
    });
    out.write(`suite: ${suite.tenders} tenders, ${suite.cases} generated cases, ${suite.tasks.length} tasks in all\n`);
    return {
      name: faults.length ? `ref (faults: ${faults.join(',')})` : 'ref',
      plan: 'demo',
      spec: { demo: true, bot: 'ref', faults, today },
      tasks: suite.tasks,
      faults,
      detectors: REF_FAULT_DETECTORS,
      faultCount: Object.keys(FAULTS).length,
      cleanup: () => bot.close(),
    };
  } catch (err) {
    await bot.close();
    throw err;
  }
}
