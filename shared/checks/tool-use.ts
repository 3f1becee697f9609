/**
 * Tool use on the judged turn: expected tools called (any | all | none | in-order), each with argument
 * matchers (equals / contains / regex / exists, values `{{var}}`-interpolated), plus a `forbid` list. An
 * expected tool is named, or given by its role (resolved against the target's roles: roles.ts).
 */
import type { ToolCall } from '../transcript.ts';
import { fail, fill, invalid, judgedTurn, pass, withEvidence } from './common.ts';
import { getPath } from './paths.ts';
import { escapeRegExp } from './interpolate.ts';
import type { ArgMatcher, CheckSpecOf } from './schema.ts';
import type { CheckHandler, CheckResult } from './types.ts';
import { resolveExpectation } from './roles.ts';
import type { TargetRoles } from '../targets/roles.ts';

type Spec = CheckSpecOf<'tool-use'>;

/** Returns why the argument does not match, or undefined when it does. */
function mismatch(arg: unknown, matcher: ArgMatcher, filled: string | undefined): string | undefined {
  if ('exists' in matcher) return (arg !== undefined) === matcher.exists ? undefined : matcher.exists ? 'is missing' : 'is present';
  if (arg === undefined) return 'is missing';
  const text = typeof arg === 'string' ? arg : JSON.stringify(arg);
  if ('equals' in matcher) {
    const want = typeof matcher.equals === 'string' ? filled : matcher.equals;
    // A string expectation also matches a number argument with the same text ("42" vs 42).
    const same = typeof want === 'string' ? text === want : arg === want;
    return same ? undefined : `is ${text}, expected ${JSON.stringify(want)}`;
  }
  if ('contains' in matcher) return text.includes(filled ?? '') ? undefined : `is ${text}, expected to contain ${JSON.stringify(filled)}`;
  return new RegExp(filled ?? '').test(text) ? undefined : `is ${text}, expected to match /${filled}/`;
}

function templateOf(matcher: ArgMatcher): string | undefined {
  if ('equals' in matcher) return typeof matcher.equals === 'string' ? matcher.equals : undefined;
  if ('contains' in matcher) return matcher.contains;
  if ('regex' in matcher) return matcher.regex;
  return undefined;
}

interface Expectation {
  tool: string;
  matches: (call: ToolCall) => string | undefined;
  /** Argument values that did not match (the evidence of a failure). */
  wrong: string[];
}

function expectations(spec: Spec, vars: Record<string, string>, roles: TargetRoles | undefined): Expectation[] | CheckResult {
  const out: Expectation[] = [];
  for (const e of spec.tools) {
    const resolved = resolveExpectation(e, roles);
    if ('problem' in resolved) return invalid(spec, resolved.problem);
    const { tool, args } = resolved;
    const filled: Array<[string, ArgMatcher, string | undefined]> = [];
    for (const [path, matcher] of Object.entries(args)) {
      const template = templateOf(matcher);
      let value: string | undefined;
      if (template !== undefined) {
        const f = fill(spec, template, vars, 'regex' in matcher ? escapeRegExp : undefined);
        if ('result' in f) return f.result;
        value = f.value;
        if ('regex' in matcher) {
          try {
            new RegExp(value);
          } catch (err) {
            return invalid(spec, `${tool}.${path}: invalid regular expression: ${(err as Error).message}`);
          }
        }
      }
      filled.push([path, matcher, value]);
    }
    const wrong: string[] = [];
    out.push({
      tool,
      wrong,
      matches: (call) => {
        if (call.name !== tool) return 'other tool';
        for (const [path, matcher, value] of filled) {
          const arg = getPath(call.arguments, path);
          const why = mismatch(arg, matcher, value);
          if (why) {
            if (arg !== undefined) wrong.push(typeof arg === 'string' ? arg : JSON.stringify(arg));
            return `${tool}.${path} ${why}`;
          }
        }
        return undefined;
      },
    });
  }
  return out;
}

const wrongArgs = (exp: Expectation[]) => [...new Set(exp.flatMap((e) => e.wrong))];

export const toolUse: CheckHandler<Spec> = (spec, ctx) => {
  const calls = judgedTurn(ctx)?.toolCalls ?? [];
  const called = calls.map((c) => c.name);
  const calledText = `called [${called.join(', ')}]`;
  const forbidden = spec.forbid.filter((t) => called.includes(t));
  if (forbidden.length > 0) return fail(spec, `forbidden tool called: ${forbidden.join(', ')}; ${calledText}`);

  const exp = expectations(spec, ctx.vars, ctx.roles);
  if (!Array.isArray(exp)) return exp;
  if (spec.mode === 'none') {
    const hit = exp.length === 0 ? calls[0]?.name : exp.find((e) => calls.some((c) => e.matches(c) === undefined))?.tool;
    return hit === undefined ? pass(spec, `no unwanted tool call; ${calledText}`) : fail(spec, `${hit} was called; ${calledText}`);
  }
  if (exp.length === 0) return pass(spec, `no forbidden tool called; ${calledText}`);

  // Why each expectation is unmet, keeping the most telling reason (an argument mismatch over "not called").
  const reasons = exp.map((e) => {
    const whys = calls.map((c) => e.matches(c));
    if (whys.includes(undefined)) return undefined;
    return whys.find((w) => w !== 'other tool') ?? `${e.tool} not called`;
  });
  const met = reasons.filter((r) => r === undefined).length;
  const score = met / exp.length;
  if (spec.mode === 'any') {
    return met > 0 ? pass(spec, `an expected tool call was made; ${calledText}`, score) : withEvidence(fail(spec, `${reasons.join('; ')}; ${calledText}`, score), wrongArgs(exp), 'tool-args');
  }
  if (spec.mode === 'all') {
    return met === exp.length
      ? pass(spec, `all expected tool calls made; ${calledText}`, score)
      : withEvidence(fail(spec, `${reasons.filter(Boolean).join('; ')}; ${calledText}`, score), wrongArgs(exp.filter((_e, i) => reasons[i] !== undefined)), 'tool-args');
  }
  // in-order: each expectation matched by a call after the previous match (other calls may interleave).
  let from = 0;
  for (const e of exp) {
    const at = calls.findIndex((c, i) => i >= from && e.matches(c) === undefined);
    if (at < 0) return fail(spec, `expected ${exp.map((x) => x.tool).join(' → ')} in order; ${calledText}`, score);
    from = at + 1;
  }
  return pass(spec, `tool calls made in order; ${calledText}`, score);
};
