/** Structured output: the answer (bare JSON, a ```json fence, or the first {...}/[...] in it) must satisfy a JSON schema. */
import { answerOf, fail, invalid, pass } from './common.ts';
import { compileJsonSchema, describeAjvErrors } from './json-schema-compile.ts';
import type { CheckSpecOf } from './schema.ts';
import type { CheckHandler } from './types.ts';

export function extractJson(text: string): { value: unknown } | undefined {
  const fenced = /```(?:json)?\s*\n?([\s\S]*?)```/i.exec(text);
  const candidates = [text.trim(), fenced?.[1]?.trim()];
  const start = text.search(/[[{]/);
  const end = Math.max(text.lastIndexOf('}'), text.lastIndexOf(']'));
  if (start >= 0 && end > start) candidates.push(text.slice(start, end + 1));
  for (const c of candidates) {
    if (!c) continue;
    try {
      return { value: JSON.parse(c) as unknown };
    } catch {
      // try the next candidate
    }
  }
  return undefined;
}

export const jsonSchema: CheckHandler<CheckSpecOf<'json-schema'>> = (spec, ctx) => {
  const { validate, error } = compileJsonSchema(spec.schema);
  if (!validate) return invalid(spec, `invalid JSON schema: ${error ?? 'unknown error'}`);
  const parsed = extractJson(answerOf(ctx));
  if (!parsed) return fail(spec, 'answer holds no parseable JSON');
  return validate(parsed.value)
    ? pass(spec, 'answer JSON matches the schema')
    : fail(spec, `answer JSON does not match the schema: ${describeAjvErrors(validate)}`);
};
