/**
 * The test-case model: a test set (single-turn or conversation) of cases, each with its checks.
 * Everything is validated when a file is loaded, including which check types a conversation set may use.
 */
import { z } from 'zod';
import { CHECK_TYPES, checkSpecSchema, CONVERSATION_CHECK_TYPES, type CheckType } from '../checks/schema.ts';
import { NUL_REFUSED, nulPaths, refuseNul } from '../db/storable.ts';

/** Ids end up in job ids and report anchors: no spaces, no ':' (BullMQ's key separator). */
const idSchema = z
  .string()
  .min(1, 'must not be empty')
  .regex(/^[^\s:]+$/, 'must not contain spaces or ":"');

/** YAML reads `expected: 5` or `tenderId: 12345` as numbers; both mean the text. */
const scalarText = z.union([z.string(), z.number(), z.boolean()]).transform(String);

export const conversationTurnSchema = z.strictObject({
  user: z.string().min(1, 'must not be empty'),
  checks: z.array(checkSpecSchema).optional(),
});
export type ConversationTurn = z.infer<typeof conversationTurnSchema>;

const turnsInput = z.strictObject({ turns: z.array(conversationTurnSchema).min(1, 'give at least one turn') });
// Built once: a zod schema costs far more to build than to run, and this one checks every case's input.
const textInput = z.string().min(1, 'must not be empty');

export const testCaseSchema = z.strictObject({
  id: idSchema,
  tags: z.array(z.string()).optional(),
  notes: z.string().optional(),
  // The union's own message ("Invalid input") says nothing; pick the branch from the value's shape instead.
  input: z.unknown().pipe(
    z.custom<string | z.input<typeof turnsInput>>(() => true).transform((v, ctx) => {
      const schema = typeof v === 'string' ? textInput : turnsInput;
      const parsed = schema.safeParse(v);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) {
        ctx.issues.push({ ...issue, input: v, path: issue.path } as (typeof ctx.issues)[number]);
      }
      return z.NEVER;
    }),
  ),
  expected: scalarText.optional(),
  vars: z.record(z.string(), scalarText).optional(),
  checks: z.array(checkSpecSchema).default([]),
  threshold: z.number().min(0).max(1).optional(),
})
  // Here as well as on the set: an importer reading a case at a time (a CSV record) names its line.
  .superRefine(refuseNul);
export type TestCase = z.output<typeof testCaseSchema>;

export const testSetTypeSchema = z.enum(['single', 'conversation']);

export const testSetSchema = z
  .strictObject({
    id: idSchema,
    name: z.string().optional(),
    type: testSetTypeSchema,
    threshold: z.number().min(0).max(1).default(1),
    defaultChecks: z.array(checkSpecSchema).default([]),
    tags: z.array(z.string()).optional(),
    cases: z.array(testCaseSchema).min(1, 'give at least one case'),
  })
  .superRefine((set, ctx) => {
    for (const issue of crossFieldIssues(set)) ctx.addIssue({ code: 'custom', ...issue });
  });
export type TestSetInput = z.input<typeof testSetSchema>;
export type TestSet = z.output<typeof testSetSchema>;

/** A scenario file holds one test set or a list of them. */
export const scenarioFileSchema = z.union([z.array(testSetSchema), testSetSchema]);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Rules that span fields: unique case ids, input shape per set type, check types a conversation set may
 * use; and no NUL anywhere (Postgres cannot store one, and a case is run as written or not at all). Works on unvalidated data too, so the loader can report these alongside field errors (zod skips
 * refinements once a field is wrong).
 */
export function crossFieldIssues(set: unknown): Array<{ path: Array<string | number>; message: string }> {
  const issues: Array<{ path: Array<string | number>; message: string }> = nulPaths(set).map((path) => ({ path, message: NUL_REFUSED }));
  if (!isRecord(set) || !Array.isArray(set.cases)) return issues;
  const type = set.type;
  const seen = new Map<unknown, number>();
  const refuse = (checks: unknown, path: Array<string | number>) => {
    if (type !== 'conversation' || !Array.isArray(checks)) return;
    checks.forEach((check: unknown, j) => {
      const checkType = isRecord(check) ? check.type : undefined;
      if (typeof checkType === 'string' && (CHECK_TYPES as readonly string[]).includes(checkType) && !CONVERSATION_CHECK_TYPES.includes(checkType as CheckType)) {
        issues.push({
          path: [...path, j, 'type'],
          message: `check type "${checkType}" is not allowed in a conversation set (allowed: ${CONVERSATION_CHECK_TYPES.join(', ')})`,
        });
      }
    });
  };
  refuse(set.defaultChecks, ['defaultChecks']);
  set.cases.forEach((c: unknown, i) => {
    if (!isRecord(c)) return;
    if (typeof c.id === 'string') {
      const first = seen.get(c.id);
      if (first !== undefined) issues.push({ path: ['cases', i, 'id'], message: `duplicate case id "${c.id}" (also cases[${first}])` });
      else seen.set(c.id, i);
    }
    if (type === 'single' && isRecord(c.input)) {
      issues.push({ path: ['cases', i, 'input'], message: 'a single-turn set needs input as text' });
    }
    if (type === 'conversation' && typeof c.input === 'string') {
      issues.push({ path: ['cases', i, 'input'], message: 'a conversation set needs input: { turns: [...] }' });
    }
    refuse(c.checks, ['cases', i, 'checks']);
    if (isRecord(c.input) && Array.isArray(c.input.turns)) {
      c.input.turns.forEach((t: unknown, k) => isRecord(t) && refuse(t.checks, ['cases', i, 'input', 'turns', k, 'checks']));
    }
  });
  return issues;
}
