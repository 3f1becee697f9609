/**
 * Turning a target's response (a JSON body, or the list of events of a stream) into answer text, tool
 * calls, usage, cost and session id, by RFC 9535 JSONPath expressions (path.ts) written in the target
 * config. Every problem is a MappingError naming the path; the adapter turns it into a `malformed`
 * TargetError, so a reply vaglio cannot read is an `error` case, never a `fail`.
 */
import { z } from 'zod';
import type { ToolCall, Usage } from '../transcript.ts';
import { pathProblem, selectAll, selectNodes, selectOne } from './path.ts';

/** A path expression, checked when the config is read. */
export const pathSchema = z.string().superRefine((p, ctx) => {
  const problem = pathProblem(p);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const toolCallMappingSchema = z.union([
  /** Each selected item is a tool call ({ name, arguments, result } or OpenAI's { function: { ... } }), or a bare name. */
  pathSchema,
  z
    .object({
      /** Selects the tool-call items, e.g. `$.steps[?@.kind=="tool"]`. */
      path: pathSchema,
      /** Paths relative to each item (`name` = `@.name`). */
      name: pathSchema.default('name'),
      arguments: pathSchema.default('arguments'),
      result: pathSchema.optional(),
    })
    .strict(),
]);

export const responseMappingSchema = z
  .object({
    /** The reply text; several matches (parts, stream deltas) are joined in document order. */
    answer: pathSchema,
    /** Put between the answer's parts. Default: "\n"; for streams, deltas are concatenated and a newline goes where other events separate two pieces that would glue (see mapAnswer). */
    answerJoin: z.string().optional(),
    toolCalls: toolCallMappingSchema.optional(),
    /** Token counts; several matches (per step, per event) are summed. */
    usage: z.object({ tokensIn: pathSchema.optional(), tokensOut: pathSchema.optional() }).strict().optional(),
    /** The cost of the turn in USD (a number, or a numeric string); several matches are summed. */
    cost: pathSchema.optional(),
    sessionId: pathSchema.optional(),
  })
  .strict();
export type ResponseMapping = z.infer<typeof responseMappingSchema>;

export interface MappedReply {
  text: string;
  toolCalls: ToolCall[];
  usage?: Usage;
  sessionId?: string;
}

/** Thrown when the body lacks what the mapping asks for; the adapter turns it into a 'malformed' error. */
export class MappingError extends Error {
  override name = 'MappingError';
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The JSON type of a value, as a user reads it in an error message. */
export function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  return `a ${typeof v}`;
}

/** Tool arguments as an object: JSON strings are parsed; anything else is kept under `_raw`. */
export function parseArguments(v: unknown): Record<string, unknown> {
  if (v === undefined || v === null || v === '') return {};
  if (isRecord(v)) return v;
  if (typeof v === 'string') {
    try {
      const parsed: unknown = JSON.parse(v);
      if (isRecord(parsed)) return parsed;
    } catch {
      // not JSON: kept raw below
    }
    return { _raw: v };
  }
  return { _raw: JSON.stringify(v) };
}

function toolCallFrom(item: unknown, where: string): ToolCall {
  if (typeof item === 'string') return { name: item, arguments: {} };
  if (!isRecord(item)) throw new MappingError(`tool call at ${where} is not an object or a name`);
  const fn = isRecord(item.function) ? item.function : undefined;
  const name = item.name ?? fn?.name;
  if (typeof name !== 'string' || name === '') throw new MappingError(`tool call at ${where} has no name`);
  const call: ToolCall = { name, arguments: parseArguments(item.arguments ?? item.args ?? item.input ?? fn?.arguments) };
  const result = item.result ?? item.output;
  if (result !== undefined) call.result = result;
  return call;
}

function mapToolCalls(mapping: NonNullable<ResponseMapping['toolCalls']>, body: unknown): ToolCall[] {
  if (typeof mapping === 'string') return selectAll(mapping, body).map((item, i) => toolCallFrom(item, `${mapping} #${i}`));
  return selectAll(mapping.path, body).map((item, i) => {
    const where = `${mapping.path} #${i}`;
    const name = selectOne(mapping.name, item);
    if (typeof name !== 'string' || name === '') throw new MappingError(`tool call at ${where} has no "${mapping.name}"`);
    const call: ToolCall = { name, arguments: parseArguments(selectOne(mapping.arguments, item)) };
    const result = mapping.result === undefined ? undefined : selectOne(mapping.result, item);
    if (result !== undefined) call.result = result;
    return call;
  });
}

/**
 * The answer text. Strings (and arrays of strings) are joined in order; null matches are skipped;
 * anything else (an object, a number, an array holding non-strings) is malformed, with path and type.
 * `join: STREAM_JOIN` (a streamed reply, a list of events): pieces from consecutive events are concatenated as
 * deltas ("Il termine per la " + "data"), but where other events stand between two pieces (a `part_end`, a
 * tool call, a status) and neither side has whitespace at the boundary, a newline goes between them, so the
 * last word of one part is never glued to the first word of the next ("aperto.Il bando").
 */
export const STREAM_JOIN = { stream: true } as const;

export function mapAnswer(path: string, body: unknown, join: string | typeof STREAM_JOIN): string {
  const parts: { text: string; at: number | undefined }[] = [];
  let found = false;
  for (const { value: v, location } of selectNodes(path, body)) {
    if (v === null) continue;
    found = true;
    const at = typeof location[0] === 'number' ? location[0] : undefined;
    if (typeof v === 'string') parts.push({ text: v, at });
    else if (Array.isArray(v) && v.every((x) => typeof x === 'string')) parts.push(...(v as string[]).map((text) => ({ text, at })));
    else {
      const what = Array.isArray(v) ? `an array holding ${jsonType(v.find((x) => typeof x !== 'string'))}` : jsonType(v);
      throw new MappingError(`the answer at "${path}" is ${what}, not text`);
    }
  }
  if (!found) throw new MappingError(`response has no answer at "${path}"`);
  if (typeof join === 'string') return parts.map((p) => p.text).join(join);
  let out = '';
  parts.forEach((p, i) => {
    const prev = parts[i - 1];
    const apart = prev !== undefined && (prev.at === undefined || p.at === undefined || p.at - prev.at > 1);
    const glued = out !== '' && /\S$/.test(out) && /^\S/.test(p.text);
    out += (apart && glued ? '\n' : '') + p.text;
  });
  return out;
}

function numberSum(path: string, body: unknown, what: string, strict: boolean): number {
  let sum = 0;
  for (const v of selectAll(path, body)) {
    if (v === null) continue;
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
    if (!Number.isFinite(n) || n < 0) {
      if (strict) throw new MappingError(`the ${what} at "${path}" is ${jsonType(v)} (${JSON.stringify(v).slice(0, 40)}), not a number`);
      continue;
    }
    sum += n;
  }
  return sum;
}

export function mapResponse(mapping: ResponseMapping, body: unknown, opts: { defaultJoin?: string | typeof STREAM_JOIN } = {}): MappedReply {
  const out: MappedReply = {
    text: mapAnswer(mapping.answer, body, mapping.answerJoin ?? opts.defaultJoin ?? '\n'),
    toolCalls: mapping.toolCalls ? mapToolCalls(mapping.toolCalls, body) : [],
  };
  if (mapping.usage || mapping.cost) {
    const tokens = (p: string | undefined) => (p ? Math.round(numberSum(p, body, 'token count', false)) : 0);
    out.usage = { tokensIn: tokens(mapping.usage?.tokensIn), tokensOut: tokens(mapping.usage?.tokensOut) };
    if (mapping.cost && selectAll(mapping.cost, body).length > 0) out.usage.costUsd = numberSum(mapping.cost, body, 'cost', true);
  }
  if (mapping.sessionId) {
    const sid = selectOne(mapping.sessionId, body);
    if (typeof sid === 'string' || typeof sid === 'number') out.sessionId = String(sid);
  }
  return out;
}
