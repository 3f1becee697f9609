/**
 * Calibration: run the configured judge on a small human-labelled set of one mandate and report how often
 * it agrees with the humans (accuracy) and how much beyond chance (Cohen's kappa). A judge is only as
 * good as this number on THAT model; a scripted test server says nothing about it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { judge, type JudgeDeps } from './judge.ts';
import { cohensKappa } from './kappa.ts';
import { customMandate, loadMandate, type Mandate } from './mandate.ts';
import { judgeInputSchema, type Verdict } from './types.ts';

export const CALIBRATION_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scenarios/calibration');

export const calibrationCaseSchema = z.object({
  id: z.string().min(1),
  label: z.enum(['pass', 'fail']),
  /** Why the humans labelled it so (kept for reviewers, not sent to the judge). */
  note: z.string().optional(),
  input: judgeInputSchema,
});
export type CalibrationCase = z.infer<typeof calibrationCaseSchema>;

export const calibrationSetSchema = z.object({
  mandate: z.string().min(1),
  /** For the custom mandate: the criteria and labels the cases were labelled against. */
  custom: z
    .object({ name: z.string().min(1), instructions: z.string().min(1), labels: z.record(z.string(), z.enum(['pass', 'fail'])) })
    .optional(),
  cases: z.array(calibrationCaseSchema).min(1),
});
export type CalibrationSet = z.infer<typeof calibrationSetSchema>;

export function loadCalibrationSet(file: string): CalibrationSet {
  const full = path.isAbsolute(file) ? file : path.join(CALIBRATION_DIR, file.endsWith('.yaml') ? file : `${file}.yaml`);
  const r = calibrationSetSchema.safeParse(parse(readFileSync(full, 'utf8')));
  if (!r.success) throw new Error(`${full}: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const ids = new Set<string>();
  for (const c of r.data.cases) {
    if (ids.has(c.id)) throw new Error(`${full}: duplicate case id ${c.id}`);
    ids.add(c.id);
  }
  return r.data;
}

export const injectionCaseSchema = calibrationCaseSchema.extend({
  mandate: z.string().min(1),
  technique: z.string().min(1),
});
export type InjectionCase = z.infer<typeof injectionCaseSchema>;

/** The judge-injection cases: answers that try to instruct the judge, labelled with the right verdict. */
export function loadInjectionCases(file = path.join(CALIBRATION_DIR, 'judge-injection.yaml')): InjectionCase[] {
  const r = z.object({ cases: z.array(injectionCaseSchema).min(1) }).safeParse(parse(readFileSync(file, 'utf8')));
  if (!r.success) throw new Error(`${file}: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return r.data.cases;
}

export interface CalibrationReport {
  mandateId: string;
  mandateVersion: number;
  model?: string;
  cases: number;
  /** Cases the judge decided (pass or fail); the rest were invalid or error. */
  decided: number;
  /** Correct over ALL cases: an undecided case counts as wrong. */
  accuracy: number;
  /** Cohen's kappa over the decided cases. */
  kappa: number;
  confusion: { truePass: number; falsePass: number; trueFail: number; falseFail: number };
  results: { id: string; label: 'pass' | 'fail'; outcome: Verdict['outcome']; reason: string }[];
}

export async function calibrate(
  config: Config,
  mandateId: string | Mandate,
  set: CalibrationSet,
  deps: JudgeDeps = {},
): Promise<CalibrationReport> {
  const mandate =
    typeof mandateId !== 'string' ? mandateId : set.custom ? customMandate(set.custom) : loadMandate(mandateId);
  const results: CalibrationReport['results'] = [];
  let model: string | undefined;
  for (const c of set.cases) {
    const v = await judge({ mandate, input: c.input, config, deps });
    model ??= v.model;
    results.push({ id: c.id, label: c.label, outcome: v.outcome, reason: v.reason });
  }
  const decided = results.filter((r) => r.outcome === 'pass' || r.outcome === 'fail');
  const confusion = { truePass: 0, falsePass: 0, trueFail: 0, falseFail: 0 };
  for (const r of decided) {
    if (r.outcome === 'pass') confusion[r.label === 'pass' ? 'truePass' : 'falsePass']++;
    else confusion[r.label === 'fail' ? 'trueFail' : 'falseFail']++;
  }
  const correct = confusion.truePass + confusion.trueFail;
  return {
    mandateId: mandate.id,
    mandateVersion: mandate.version,
    model,
    cases: results.length,
    decided: decided.length,
    accuracy: results.length ? correct / results.length : Number.NaN,
    kappa: cohensKappa(decided.map((r) => r.label), decided.map((r) => r.outcome)),
    confusion,
    results,
  };
}
