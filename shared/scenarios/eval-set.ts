/**
 * The simple JSON eval-set format `[{ id, input, expected: { type, value | values | schema | criterion }, tags,
 * notes }]` ↔ a `single` test set. exact → equals, contains → contains (`values`: keywords, all of them, exact
 * case), schema → json-schema, judge → judge. `vaglio run` and `vaglio import` read such files directly.
 */
import { z } from 'zod';
import { checkSpecSchema, type CheckSpec } from '../checks/schema.ts';
import { formatPath, ScenarioError } from './errors.ts';
import { locate, parseText } from './locate.ts';
import { testSetSchema, type TestSet } from './schema.ts';

const evalExpectedSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('exact'), value: z.string() }),
  z
    .strictObject({ type: z.literal('contains'), value: z.string().min(1).optional(), values: z.array(z.string().min(1)).min(1).optional() })
    .refine((e) => (e.value === undefined) !== (e.values === undefined), { message: 'give value (one text) or values (texts that must all appear), not both' }),
  z.strictObject({ type: z.literal('schema'), schema: z.record(z.string(), z.unknown()) }),
  z.strictObject({ type: z.literal('judge'), criterion: z.string().min(1) }),
]);

export const evalItemSchema = z.strictObject({
  id: z.string(),
  input: z.string().min(1),
  expected: evalExpectedSchema,
  tags: z.array(z.string()).optional(),
  notes: z.string().optional(),
});
export type EvalItem = z.infer<typeof evalItemSchema>;

/** The check an eval item's `expected` stands for, as written in a scenario (validated by the caller). */
function toCheckInput(expected: EvalItem['expected']): unknown {
  switch (expected.type) {
    case 'exact':
      return { type: 'equals', value: expected.value };
    case 'contains':
      return expected.values
        ? { type: 'keywords', keywords: expected.values, mode: 'all', ignoreCase: false, ignoreAccents: false }
        : { type: 'contains', value: expected.value };
    case 'schema':
      return { type: 'json-schema', schema: expected.schema };
    case 'judge':
      return { type: 'judge', criterion: expected.criterion };
  }
}

/** Whether parsed JSON looks like an eval set (a list of items with input and expected) rather than test sets. */
export function isJsonEvalSet(data: unknown): boolean {
  return (
    Array.isArray(data) &&
    data.length > 0 &&
    data.every((x) => typeof x === 'object' && x !== null && 'input' in x && 'expected' in x && !('cases' in x))
  );
}

/** Reads an eval-set JSON text; problems (bad JSON, bad fields, invalid JSON schemas) name line and field. */
export function importJsonEvalSet(text: string, opts: { fileName: string; setId: string; name?: string }): TestSet {
  const file = opts.fileName;
  const parsed = parseText(text, file);
  if (parsed.problems.length > 0) throw new ScenarioError(parsed.problems);
  const items = z.array(evalItemSchema).min(1, 'give at least one item').safeParse(parsed.data);
  if (!items.success) {
    throw new ScenarioError(items.error.issues.map((i) => ({ file, ...locate(parsed, i.path), path: formatPath(i.path), message: i.message })));
  }
  const problems: ConstructorParameters<typeof ScenarioError>[0] = [];
  const cases = items.data.map((item, i) => {
    // Checks are validated here, not by the set schema, so a bad JSON schema is reported at its item.
    const check = checkSpecSchema.safeParse(toCheckInput(item.expected));
    if (!check.success) {
      const path = [i, 'expected'];
      problems.push({ file, ...locate(parsed, path), path: formatPath(path), message: check.error.issues.map((x) => x.message).join('; ') });
    }
    return {
      id: item.id,
      input: item.input,
      ...(item.expected.type === 'exact' || (item.expected.type === 'contains' && item.expected.value !== undefined) ? { expected: item.expected.value } : {}),
      checks: check.success ? [check.data] : [],
      ...(item.tags ? { tags: item.tags } : {}),
      ...(item.notes !== undefined ? { notes: item.notes } : {}),
    };
  });
  const set = testSetSchema.safeParse({ id: opts.setId, name: opts.name, type: 'single', cases });
  if (!set.success) {
    for (const i of set.error.issues) {
      // Set paths are cases[n].field; in the eval file the item is [n].field.
      const path = i.path[0] === 'cases' ? i.path.slice(1) : i.path;
      problems.push({ file, ...locate(parsed, path), path: formatPath(path), message: i.message });
    }
  }
  if (problems.length > 0 || !set.success) throw new ScenarioError(problems);
  return set.data;
}

function fromCheck(check: CheckSpec): EvalItem['expected'] | undefined {
  switch (check.type) {
    case 'equals':
      return check.value === undefined ? undefined : { type: 'exact', value: check.value };
    case 'contains':
      return check.value === undefined ? undefined : { type: 'contains', value: check.value };
    case 'keywords':
      return check.mode === 'all' && !check.ignoreCase && !check.ignoreAccents ? { type: 'contains', values: check.keywords } : undefined;
    case 'json-schema':
      return { type: 'schema', schema: check.schema };
    case 'judge':
      return { type: 'judge', criterion: check.criterion };
    default:
      return undefined;
  }
}

/**
 * Writes a single-turn set as eval items. Each case needs one check the format can express (equals,
 * contains with a value, json-schema or judge); other checks are dropped, a case with none is refused.
 */
export function exportJsonEvalSet(set: TestSet): EvalItem[] {
  if (set.type !== 'single') throw new Error(`test set "${set.id}" is a conversation set: eval sets hold single questions`);
  const unmappable: string[] = [];
  const items = set.cases.map((c) => {
    const expected = c.checks.map(fromCheck).find((e) => e !== undefined);
    if (!expected) unmappable.push(c.id);
    return {
      id: c.id,
      input: typeof c.input === 'string' ? c.input : '',
      expected: expected ?? { type: 'exact' as const, value: '' },
      ...(c.tags ? { tags: c.tags } : {}),
      ...(c.notes !== undefined ? { notes: c.notes } : {}),
    };
  });
  if (unmappable.length > 0) {
    throw new Error(`cases without an equals/contains/json-schema/judge check cannot be exported: ${unmappable.join(', ')}`);
  }
  return items;
}
