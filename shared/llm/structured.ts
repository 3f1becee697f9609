/**
 * Structured output: ask for JSON (by JSON-schema response_format, JSON mode, or plain instructions,
 * depending on what the role's server supports), extract the first JSON object, validate it with zod, and
 * on failure send the validation error back ONCE. A second failure is a result with the raw outputs kept,
 * never a throw: the caller decides what an unparseable verdict means.
 */
import { z, type ZodType } from 'zod';
import type { CallContext, ChatMessage, Completion, RoleClient } from './client.ts';
import { extractFirstJsonObject } from './json-extract.ts';
import { describeError } from './retry.ts';

export interface StructuredArgs<T> {
  messages: ChatMessage[];
  schema: ZodType<T>;
  /** Schema name sent to the server (letters, digits, _ and -). */
  name: string;
  temperature?: number;
  sample?: number;
  ctx?: CallContext;
}

export interface StructuredUsage {
  tokensIn: number;
  tokensOut: number;
  costUsd: number;
  calls: number;
}

export type StructuredResult<T> =
  | { ok: true; value: T; raw: string; repaired: boolean; model: string; usage: StructuredUsage }
  | {
      ok: false;
      /** invalid_output: the model answered but not to the schema; call_failed: no answer (HTTP, timeout). */
      kind: 'invalid_output' | 'call_failed' | 'unconfigured';
      error: string;
      /** The last raw output, and every raw output in order (first try, repair). */
      raw?: string;
      attempts: string[];
      model?: string;
      usage: StructuredUsage;
    };

export function jsonSchemaOf(schema: ZodType): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
  return rest;
}

function instruction(schemaJson: Record<string, unknown>): string {
  return (
    'Reply with ONE JSON object and nothing else, matching this JSON schema:\n' + JSON.stringify(schemaJson)
  );
}

function validate<T>(schema: ZodType<T>, text: string): { ok: true; value: T } | { ok: false; error: string } {
  const candidate = extractFirstJsonObject(text);
  if (candidate === undefined) return { ok: false, error: 'no JSON object found in the reply' };
  const parsed = schema.safeParse(candidate);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, error: parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ') };
}

export async function completeStructured<T>(client: RoleClient, args: StructuredArgs<T>): Promise<StructuredResult<T>> {
  const schemaJson = jsonSchemaOf(args.schema);
  const mode = client.structuredOutput;
  const responseFormat =
    mode === 'json_schema'
      ? ({ type: 'json_schema', json_schema: { name: args.name, schema: schemaJson, strict: false } } as const)
      : mode === 'json_object'
        ? ({ type: 'json_object' } as const)
        : undefined;
  // Without a JSON-schema response_format the schema travels in the prompt (JSON mode also needs "JSON" there).
  const messages: ChatMessage[] =
    mode === 'json_schema' ? [...args.messages] : [...args.messages, { role: 'system', content: instruction(schemaJson) }];
  const usage: StructuredUsage = { tokensIn: 0, tokensOut: 0, costUsd: 0, calls: 0 };
  const attempts: string[] = [];
  const call = async (msgs: ChatMessage[]): Promise<Completion> => {
    const c = await client.complete({
      messages: msgs,
      temperature: args.temperature,
      responseFormat,
      sample: args.sample,
      ctx: args.ctx,
    });
    usage.tokensIn += c.tokensIn;
    usage.tokensOut += c.tokensOut;
    usage.costUsd += c.costUsd;
    usage.calls++;
    attempts.push(c.text);
    return c;
  };
  const failed = (err: unknown): StructuredResult<T> => ({
    ok: false,
    kind: 'call_failed',
    error: describeError(err),
    raw: attempts.at(-1),
    attempts,
    model: client.model,
    usage,
  });

  let first: Completion;
  try {
    first = await call(messages);
  } catch (err) {
    return failed(err);
  }
  const v1 = validate(args.schema, first.text);
  if (v1.ok) return { ok: true, value: v1.value, raw: first.text, repaired: false, model: client.model, usage };

  const repair: ChatMessage[] = [
    ...messages,
    { role: 'assistant', content: first.text },
    {
      role: 'user',
      content:
        `Your reply did not match the required JSON schema: ${v1.error}\n` +
        'Reply again with ONE corrected JSON object and nothing else.',
    },
  ];
  let second: Completion;
  try {
    second = await call(repair);
  } catch (err) {
    return failed(err);
  }
  const v2 = validate(args.schema, second.text);
  if (v2.ok) return { ok: true, value: v2.value, raw: second.text, repaired: true, model: client.model, usage };
  return {
    ok: false,
    kind: 'invalid_output',
    error: `output did not match schema ${args.name} after one repair: ${v2.error}`,
    raw: second.text,
    attempts,
    model: client.model,
    usage,
  };
}
