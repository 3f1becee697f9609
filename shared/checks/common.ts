/** Small helpers every check family uses: result builders and access to the judged turn. */
import type { Turn } from '../transcript.ts';
import { interpolate, MissingVariableError } from './interpolate.ts';
import type { CheckSpec } from './schema.ts';
import type { CheckContext, CheckEvidence, CheckResult } from './types.ts';

function build(spec: CheckSpec, outcome: CheckResult['outcome'], reason: string, score?: number): CheckResult {
  return { checkId: spec.id ?? spec.type, type: spec.type, outcome, reason, ...(score === undefined ? {} : { score }) };
}

export const pass = (spec: CheckSpec, reason: string, score?: number) => build(spec, 'pass', reason, score);
export const fail = (spec: CheckSpec, reason: string, score?: number) => build(spec, 'fail', reason, score);
export const invalid = (spec: CheckSpec, reason: string) => build(spec, 'invalid', reason);
export const errored = (spec: CheckSpec, reason: string) => build(spec, 'error', reason);

/**
 * pass/fail from a boolean, flipped for `not-` types. `reason` states the fact ("answer contains "X""), which
 * reads right either way: a `not-contains` fails with it, a `contains` passes with it.
 */
export function verdict(spec: CheckSpec, ok: boolean, inverse: boolean, reason: string, score?: number): CheckResult {
  const passed = inverse ? !ok : ok;
  return build(spec, passed ? 'pass' : 'fail', reason, score);
}

export const isInverse = (spec: CheckSpec): boolean => spec.type.startsWith('not-');

/** A result with the text it rests on (highlighted in the reports' transcripts); empty texts are dropped. */
export function withEvidence(r: CheckResult, texts: string[], where?: CheckEvidence['where']): CheckResult {
  const evidence = texts.filter((t) => t.trim().length > 0).map((text) => ({ text, ...(where ? { where } : {}) }));
  return evidence.length ? { ...r, evidence } : r;
}

/** The judged turn: the registry truncates the transcript so it is always the last one. */
export function judgedTurn(ctx: CheckContext): Turn | undefined {
  return ctx.transcript.turns.at(-1);
}

export function answerOf(ctx: CheckContext): string {
  return judgedTurn(ctx)?.assistant ?? '';
}

/**
 * The value a check compares against: its own option, else the case's expected answer, with `{{vars}}`
 * filled in. Returns an `invalid` result when neither exists or a variable is unknown.
 */
export function expectedValue(
  spec: CheckSpec,
  own: string | undefined,
  ctx: CheckContext,
): { value: string } | { result: CheckResult } {
  const raw = own ?? ctx.expected;
  if (raw === undefined || raw === '') {
    return { result: invalid(spec, `${spec.type} needs a value: give "value" or the case's expected answer`) };
  }
  return fill(spec, raw, ctx.vars);
}

export function fill(
  spec: CheckSpec,
  raw: string,
  vars: Record<string, string>,
  encode?: (value: string) => string,
): { value: string } | { result: CheckResult } {
  try {
    return { value: interpolate(raw, vars, encode) };
  } catch (err) {
    if (err instanceof MissingVariableError) return { result: invalid(spec, err.message) };
    throw err;
  }
}

export function quote(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max - 1)}…` : flat);
}
