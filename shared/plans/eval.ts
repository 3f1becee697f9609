/**
 * The `eval` plan: test sets × repeats against one target (one converse task per case and repeat, a judge
 * task when the case has LLM checks), optional red-team scenarios, and the report as the final node.
 */
import { z } from 'zod';
import { testSetSchema, caseChecks, caseTurns, caseThreshold, type TestSet } from '../scenarios/index.ts';
import { targetConfigSchema, type TargetConfig } from '../targets/index.ts';
import { composeLibrary, type RedteamScenario } from '../redteam/index.ts';
import { composeStaging } from '../redteam/compose.ts';
import { attackOf, DEFAULT_SEED, selectScenarios } from '../redteam/select.ts';
import { DATASET_NAMES, DatasetMissingError, loadDataset } from '../redteam/datasets/registry.ts';
import { detectorOptionsSchema } from '../redteam/detectors/types.ts';
import { DEFAULT_CONTEXT_BANDI } from '../redteam/context.ts';
import { isoDate } from '../tender/metadata.ts';
import type { TaskSpec } from '../engine/dag.ts';
import { LLM_CHECK_TYPES, type CheckSpec } from '../checks/index.ts';
import type { CasePayloadInput } from '../eval/payloads.ts';
import type { PlanDef } from './types.ts';
import { ValidationError } from '../engine/errors.ts';
import { keyMaker } from './keys.ts';
import { mutateOptionSchema, mutateTask } from './mutate.ts';
import type { SharedRef } from '../engine/shared-values.ts';

/** A public dataset to play: its name, or {name, limit, path}; `limit` scenarios spread over its categories. */
export const DEFAULT_DATASET_LIMIT = 25;
export const datasetEntrySchema = z
  .union([
    z.enum(DATASET_NAMES),
    z.object({
      name: z.enum(DATASET_NAMES),
      /** How many of its scenarios ('all': every one). */
      limit: z.union([z.number().int().positive(), z.literal('all')]).default(DEFAULT_DATASET_LIMIT),
      /** Its file or folder, when not under `datasetsDir`. */
      path: z.string().min(1).optional(),
    }),
  ])
  .transform((e) => (typeof e === 'string' ? { name: e, limit: DEFAULT_DATASET_LIMIT as number | 'all', path: undefined } : e));

export const redteamSelectionSchema = z.object({
  branches: z.array(z.string()).optional(),
  /** Base attack ids (e.g. "info.sysprompt"): only their scenarios. */
  attacks: z.array(z.string()).optional(),
  /** Taxonomy techniques (e.g. "system-prompt-extraction"): only their scenarios. */
  techniques: z.array(z.string()).optional(),
  patterns: z.array(z.string()).optional(),
  transforms: z.array(z.string()).optional(),
  /**
   * At most this many library scenarios: distinct base attacks first (round-robin over branches), then each
   * attack's other techniques and transforms (shared/redteam/select.ts).
   */
  limit: z.number().int().positive().optional(),
  /** The selection's seed: the same seed, the same scenarios (default "vaglio"; a daily run's default is its date). */
  seed: z.string().min(1).max(100).optional(),
  /**
   * Staging only: also play the questions about the poisoned test bando, which must first be ingested into the
   * chatbot's own corpus (scenarios/redteam/staging/README.md). Off by default.
   */
  poisonedBando: z.boolean().default(false),
  /** false: no library scenarios, only the datasets. */
  library: z.boolean().default(true),
  /** Public datasets played beside the library (shared/redteam/datasets/registry.ts), e.g. ["multijail-it"]. */
  datasets: z.array(datasetEntrySchema).default([]),
  /** Where the dataset files are (default: ../shared/data/redteam beside the checkout). */
  datasetsDir: z.string().min(1).optional(),
  detectorOptions: detectorOptionsSchema.default({ expiredBandi: [] }),
  /** Let an attacker model (the simulator role) adapt each attack, when one is configured. */
  adaptive: z.boolean().default(false),
  /**
   * When the run names no tenders, the detectors know this many of the ingested bandi: the most recently published,
   * and as many of the most recently expired (shared/redteam/context.ts). Bandi given in `detectorOptions` win.
   */
  contextBandi: z.number().int().min(1).max(10_000).default(DEFAULT_CONTEXT_BANDI),
});
export type RedteamSelection = z.input<typeof redteamSelectionSchema>;

export const evalPlanSchema = z.object({
  plan: z.literal('eval'),
  name: z.string().min(1).max(200).default('eval'),
  sets: z.array(testSetSchema).default([]),
  target: targetConfigSchema,
  repeat: z.number().int().min(1).max(100).default(1),
  /** The run's pass-rate gate (reported; the CLI exits non-zero below it). */
  threshold: z.number().min(0).max(1).optional(),
  /** Errored cases do not fail the gate (see shared/report/gate.ts). */
  allowErrors: z.boolean().default(false),
  /** After the report, mutation-test this run's own suite (shared/mutate; a `mutation_runs` row per run). */
  mutate: mutateOptionSchema.optional(),
  today: isoDate.optional(),
  redteam: redteamSelectionSchema.optional(),
});
export type EvalPlanInput = z.input<typeof evalPlanSchema>;

const isLlm = (t: string) => (LLM_CHECK_TYPES as readonly string[]).includes(t);

/** Converse (+ judge) tasks for test sets. */
export function caseTasks(
  sets: TestSet[],
  target: TargetConfig | SharedRef,
  opts: {
    repeat?: number;
    today?: string;
    key?: (raw: string) => string;
    extra?: (set: TestSet, caseId: string) => Partial<CasePayloadInput>;
    /** Stores a check list once with the run and returns the reference to put in payloads. */
    shareChecks?: (checks: CheckSpec[]) => SharedRef;
  } = {},
): TaskSpec[] {
  const key = opts.key ?? keyMaker();
  const tasks: TaskSpec[] = [];
  for (const set of sets) {
    for (const c of set.cases) {
      for (let r = 0; r < (opts.repeat ?? 1); r++) {
        const checks = caseChecks(set, c);
        const payload: CasePayloadInput = {
          setId: set.id,
          caseId: c.id,
          setType: set.type,
          turns: caseTurns(c),
          expected: c.expected,
          vars: c.vars ?? {},
          checks: opts.shareChecks ? opts.shareChecks(checks) : checks,
          threshold: c.threshold ?? (set.threshold < 1 ? caseThreshold(set, c) : undefined),
          target,
          repeatIndex: r,
          tags: [...(set.tags ?? []), ...(c.tags ?? [])],
          today: opts.today,
          ...opts.extra?.(set, c.id),
        };
        const caseKey = key(`case.${set.id}.${c.id}.r${r}`);
        tasks.push({ key: caseKey, kind: 'eval.converse', payload });
        if (checks.some((ch) => isLlm(ch.type))) {
          tasks.push({ key: key(`judge.${set.id}.${c.id}.r${r}`), kind: 'eval.judge', payload: { caseTask: caseKey, case: payload }, dependsOn: [caseKey] });
        }
      }
    }
  }
  return tasks;
}

/** The library scenarios a selection plays, then its datasets' (each seeded, spread over its categories). */
export function selectRedteam(sel: z.output<typeof redteamSelectionSchema>): RedteamScenario[] {
  const seed = sel.seed ?? DEFAULT_SEED;
  let all = sel.library ? composeLibrary() : [];
  if (sel.branches) all = all.filter((s) => sel.branches!.includes(s.branch));
  if (sel.attacks) all = all.filter((s) => sel.attacks!.includes(attackOf(s)));
  if (sel.techniques) all = all.filter((s) => sel.techniques!.includes(s.technique));
  if (sel.patterns) all = all.filter((s) => sel.patterns!.includes(s.pattern));
  if (sel.transforms) all = all.filter((s) => sel.transforms!.includes(s.transform));
  const picked = selectScenarios(all, sel.limit, seed);
  if (sel.poisonedBando) picked.push(...composeStaging());
  sel.datasets.forEach((d, i) => {
    let rows: RedteamScenario[];
    try {
      rows = loadDataset(d.name, { dir: sel.datasetsDir, path: d.path });
    } catch (e) {
      if (e instanceof DatasetMissingError) throw new ValidationError([`redteam.datasets[${i}]: ${e.message}`]);
      throw new ValidationError([`redteam.datasets[${i}] (${d.name}): ${(e as Error).message}`]);
    }
    picked.push(...selectScenarios(rows, d.limit === 'all' ? undefined : d.limit, `${seed}.${d.name}`, (s) => s.technique));
  });
  return picked;
}

/** One task per scenario; `today` is the run's clock for expired bandi, `dependsOn` e.g. the ingestion they read. */
export function redteamTasks(
  sel: z.output<typeof redteamSelectionSchema>,
  target: TargetConfig | SharedRef,
  key: (raw: string) => string,
  o: { today?: string; dependsOn?: string[] } = {},
): TaskSpec[] {
  return selectRedteam(sel).map((scenario) => ({
    key: key(scenario.id),
    kind: 'eval.redteam',
    payload: { scenario, target, detectorOptions: sel.detectorOptions, adaptive: sel.adaptive, contextBandi: sel.contextBandi, ...(o.today ? { today: o.today } : {}) },
    ...(o.dependsOn?.length ? { dependsOn: o.dependsOn } : {}),
  }));
}

/** The report depends on the sinks only, so each case's flow parent is its judge task when it has one. */
export function reportTask(tasks: TaskSpec[], threshold?: number, key = 'report', allowErrors = false): TaskSpec {
  const hasDependent = new Set(tasks.flatMap((t) => t.dependsOn ?? []));
  return { key, kind: 'eval.report', payload: { threshold, allowErrors }, dependsOn: tasks.filter((t) => !hasDependent.has(t.key)).map((t) => t.key) };
}

export const evalPlan: PlanDef<typeof evalPlanSchema> = {
  id: 'eval',
  schema: evalPlanSchema,
  build: async (input) => {
    const key = keyMaker();
    // Every case plays against the same target, and most cases of a set have the same checks: each is
    // stored once with the run and referred to from the payloads.
    const shared: Record<string, unknown> = { target: input.target };
    const target = { $shared: 'target' };
    const checkLists = new Map<string, SharedRef>();
    const shareChecks = (checks: CheckSpec[]): SharedRef => {
      const json = JSON.stringify(checks);
      let ref = checkLists.get(json);
      if (!ref) {
        ref = { $shared: `checks.${checkLists.size}` };
        checkLists.set(json, ref);
        shared[ref.$shared] = checks;
      }
      return ref;
    };
    const tasks = caseTasks(input.sets, target, { repeat: input.repeat, today: input.today, key, shareChecks });
    if (input.redteam) tasks.push(...redteamTasks(input.redteam, target, key, { today: input.today }));
    if (tasks.length === 0) throw new ValidationError(['body.sets: give at least one test set or a redteam selection']);
    tasks.push(reportTask(tasks, input.threshold, 'report', input.allowErrors));
    if (input.mutate) tasks.push(mutateTask(input.mutate));
    return { name: input.name, tasks, shared };
  },
};
