/**
 * The `eval` plan: test sets × repeats against one target (one converse task per case and repeat, a judge
 * task when the case has LLM checks), optional red-team scenarios, and the report as the final node.
 */
import { z } from 'zod';
import { testSetSchema, caseChecks, caseTurns, caseThreshold, type TestSet } from '../scenarios/index.ts';
import { targetConfigSchema, type TargetConfig } from '../targets/index.ts';
import { composeLibrary, type RedteamScenario } from '../redteam/index.ts';
import { attackOf } from '../redteam/select.ts';
import { detectorOptionsSchema } from '../redteam/detectors/types.ts';
import { isoDate } from '../tender/metadata.ts';
import type { TaskSpec } from '../engine/dag.ts';
import { LLM_CHECK_TYPES, type CheckSpec } from '../checks/index.ts';
import type { CasePayloadInput } from '../eval/payloads.ts';
import type { PlanDef } from './types.ts';
import { ValidationError } from '../engine/errors.ts';
import { keyMaker } from './keys.ts';
import type { SharedRef } from '../engine/shared-values.ts';

export const redteamSelectionSchema = z.object({
  branches: z.array(z.string()).optional(),
  /** Base attack ids (e.g. "info.sysprompt"): only their scenarios. */
  attacks: z.array(z.string()).optional(),
  patterns: z.array(z.string()).optional(),
  transforms: z.array(z.string()).optional(),
  /** At most this many scenarios, spread over branches (deterministic). */
  limit: z.number().int().positive().optional(),
  detectorOptions: detectorOptionsSchema.default({ expiredBandi: [] }),
  /** Let an attacker model (the simulator role) adapt each attack, when one is configured. */
  adaptive: z.boolean().default(false),
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

export function selectRedteam(sel: z.output<typeof redteamSelectionSchema>): RedteamScenario[] {
  let all = composeLibrary();
  if (sel.branches) all = all.filter((s) => sel.branches!.includes(s.branch));
  if (sel.attacks) all = all.filter((s) => sel.attacks!.includes(attackOf(s)));
  if (sel.patterns) all = all.filter((s) => sel.patterns!.includes(s.pattern));
  if (sel.transforms) all = all.filter((s) => sel.transforms!.includes(s.transform));
  if (sel.limit && all.length > sel.limit) {
    // Round-robin over branches so a small budget still covers every branch. (shared/redteam/select.ts
    // covers distinct attacks first, seeded; not wired yet: with it the demo self-test's clean run meets
    // expired-bando false positives that need the corpus's known bandi in the detector context.)
    const byBranch = new Map<string, RedteamScenario[]>();
    for (const s of all) byBranch.set(s.branch, [...(byBranch.get(s.branch) ?? []), s]);
    const picked: RedteamScenario[] = [];
    for (let i = 0; picked.length < sel.limit; i++) {
      let any = false;
      for (const list of byBranch.values()) {
        if (list[i] && picked.length < sel.limit) {
          picked.push(list[i]!);
          any = true;
        }
      }
      if (!any) break;
    }
    all = picked;
  }
  return all;
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
    payload: { scenario, target, detectorOptions: sel.detectorOptions, adaptive: sel.adaptive, ...(o.today ? { today: o.today } : {}) },
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
    return { name: input.name, tasks, shared };
  },
};
