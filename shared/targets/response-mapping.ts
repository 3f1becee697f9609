/**
 * Turning a target's JSON response into answer text, tool calls, usage and session id, by path
 * expressions (see path.ts) written in the target config.
 */
import { z } from 'zod';
import type { ToolCall, Usage } from '../transcript.ts';
import { compilePath, selectAll, selectOne } from './path.ts';

/** A path expression, checked when the config is read. */
export const pathSchema = z.string().superRefine((p, ctx) => {
  try {
    compilePath(p);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: err instanceof Error ? err.message : String(err) });
  }
});

export const toolCallMappingSchema = z.union([
  /** Each selected item is a tool call ({ name, arguments, result } or OpenAI's { function: { ... } }), or a bare name. */
  pathSchema,
  z.object({
    /** Selects the tool-call items, e.g. `steps[*]`. */
    path: pathSchema,
    /** Paths inside each item. */
    name: pathSchema.default('name'),
    arguments: pathSchema.default('arguments'),
    result: pathSchema.optional(),
  }),
]);

export const responseMappingSchema = z.object({
  answer: pathSchema,
  toolCalls: toolCallMappingSchema.optional(),
  usage: z.object({ tokensIn: pathSchema.optional(), tokensOut: pathSchema.optional() }).optional(),
  sessionId: pathSchema.optional(),
});
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

function tokenCount(path: string | undefined, body: unknown): number {
  if (!path) return 0;
  const n = Number(selectOne(path, body));
  return Number.isFinite(n) && n >= 0 ? Math.round(n) : 0;
}

export function mapResponse(mapping: ResponseMapping, body: unknown): MappedReply {
  const answer = selectOne(mapping.answer, body);
  if (answer === undefined || answer === null) throw new MappingError(`response has no answer at "${mapping.answer}"`);
  const out: MappedReply = {
    text: typeof answer === 'string' ? answer : JSON.stringify(answer),
    toolCalls: mapping.toolCalls ? mapToolCalls(mapping.toolCalls, body) : [],
  };
  if (mapping.usage) {
    out.usage = { tokensIn: tokenCount(mapping.usage.tokensIn, body), tokensOut: tokenCount(mapping.usage.tokensOut, body) };
  }
  if (mapping.sessionId) {
    const sid = selectOne(mapping.sessionId, body);
    if (typeof sid === 'string' || typeof sid === 'number') out.sessionId = String(sid);
  }
  return out;
}
