/**
 * The check registry's vocabulary: one zod enum of check types and one discriminated union of specs.
 * Each variant validates its own options (regexes compile, JSON schemas compile, bounds are ordered),
 * so a bad scenario fails when it is loaded, never halfway through a run.
 */
import { z } from 'zod';
import { compileJsonSchema } from './json-schema-compile.ts';
import { withSampleValues } from './interpolate.ts';
import { TOOL_ROLES } from '../targets/roles.ts';
import { FACT_SLOTS } from './fact-slots.ts';

export const CHECK_TYPES = [
  'equals',
  'not-equals',
  'contains',
  'not-contains',
  'keywords',
  'not-keywords',
  'regex',
  'not-regex',
  'json-schema',
  'similarity',
  'fact-match',
  'answer-presence',
  'tool-use',
  'search-results',
  'bando-status',
  'language',
  'length',
  'latency',
  'token-budget',
  'cost-budget',
  'general-quality',
  'compare-meaning',
  'judge',
  'custom',
  'boilerplate-quality',
  'pseudo-ground-truth',
  'attack',
] as const;
export const checkTypeSchema = z.enum(CHECK_TYPES);
export type CheckType = z.infer<typeof checkTypeSchema>;

export const LLM_CHECK_TYPES = [
  'general-quality',
  'compare-meaning',
  'judge',
  'custom',
  'boilerplate-quality',
  'pseudo-ground-truth',
  'attack',
] as const satisfies readonly CheckType[];

/** Types that still mean something when judged across a multi-turn conversation. */
export const CONVERSATION_CHECK_TYPES: readonly CheckType[] = [
  'general-quality',
  'contains',
  'not-contains',
  'keywords',
  'not-keywords',
  'tool-use',
  'custom',
  'answer-presence',
  'language',
  'latency',
  'token-budget',
  'cost-budget',
  'search-results',
];

/** Fields every check accepts. `turn` is a Turn.index (0-based), 'last' (default) or 'all'. */
const common = {
  id: z.string().min(1).optional(),
  weight: z.number().nonnegative().default(1),
  hard: z.boolean().default(false),
  turn: z.union([z.number().int().nonnegative(), z.literal('last'), z.literal('all')]).default('last'),
};

const normalizeOptions = z
  .strictObject({
    case: z.boolean().optional(),
    accents: z.boolean().optional(),
    whitespace: z.boolean().optional(),
    punctuation: z.boolean().optional(),
  })
  .optional();
export type NormalizeOptions = z.infer<typeof normalizeOptions>;

const textValue = z.string().optional();

const regexFields = {
  // `{{vars}}` are filled in at run time: the pattern is checked with a sample value in their place.
  pattern: z.string().superRefine((p, ctx) => {
    try {
      new RegExp(withSampleValues(p));
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: `invalid regular expression: ${(err as Error).message}` });
    }
  }),
  flags: z
    .string()
    .regex(/^[dgimsuvy]*$/, 'flags may only contain d, g, i, m, s, u, v, y')
    .optional(),
};

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

const argMatcher = z.union([
  z.strictObject({ equals: z.union([z.string(), z.number(), z.boolean(), z.null()]) }),
  z.strictObject({ contains: z.string() }),
  z.strictObject({
    // {{vars}} are filled in at run time, each value matched literally; the pattern is checked with a sample value.
    regex: z.string().refine((p) => compiles(withSampleValues(p)), { message: 'invalid regular expression' }),
  }),
  z.strictObject({ exists: z.boolean() }),
]);
export type ArgMatcher = z.infer<typeof argMatcher>;

/**
 * A tool by name, or by the role it plays for the target (`{ role: tender, args: { id: … } }`): the role is
 * resolved against the target's `roles:` when the check runs, and a role's own argument names (`id` for the
 * tender role, `query` for search) stand for the argument the target declared (`idArg`, `queryArg`).
 */
const toolExpectation = z.union([
  z.string().min(1).transform((tool) => ({ tool, args: {} as Record<string, ArgMatcher> })),
  z.strictObject({ tool: z.string().min(1), args: z.record(z.string(), argMatcher).default({}) }),
  z.strictObject({ role: z.enum(TOOL_ROLES), args: z.record(z.string(), argMatcher).default({}) }),
]);
export type ToolExpectation = z.output<typeof toolExpectation>;

const budgetTotal = { total: z.boolean().default(false) };

function variant<T extends CheckType, S extends z.ZodRawShape>(type: T, shape: S) {
  return z.strictObject({ type: z.literal(type), ...common, ...shape });
}

const equalsShape = { value: textValue, normalize: normalizeOptions };
const containsShape = {
  value: textValue,
  ignoreCase: z.boolean().default(false),
  ignoreAccents: z.boolean().default(false),
};
const keywordsShape = {
  keywords: z.array(z.string().min(1)).min(1),
  mode: z.enum(['any', 'all']).default('any'),
  ignoreCase: z.boolean().default(true),
  ignoreAccents: z.boolean().default(true),
};

const equalsSpec = variant('equals', equalsShape);
const notEqualsSpec = variant('not-equals', equalsShape);
const containsSpec = variant('contains', containsShape);
const notContainsSpec = variant('not-contains', containsShape);
const keywordsSpec = variant('keywords', keywordsShape);
const notKeywordsSpec = variant('not-keywords', keywordsShape);
const regexSpec = variant('regex', regexFields);
const notRegexSpec = variant('not-regex', regexFields);

const jsonSchemaSpec = variant('json-schema', {
  schema: z.record(z.string(), z.unknown()).superRefine((schema, ctx) => {
    const problem = compileJsonSchema(schema).error;
    if (problem) ctx.addIssue({ code: 'custom', message: `invalid JSON schema: ${problem}` });
  }),
});

const similaritySpec = variant('similarity', {
  value: textValue,
  threshold: z.number().min(0).max(1).default(0.5),
  /** Extra documents for the IDF statistics; without them IDF comes from the two texts alone. */
  corpus: z.array(z.string()).optional(),
});

const factMatchSpec = variant('fact-match', {
  value: z.union([z.string().min(1), z.number()]).optional(),
  kind: z.enum(['auto', 'number', 'date']).default('auto'),
  /** What the value is (the question's slot): it must be stated as that, and another value stated as it fails. */
  slot: z.enum(FACT_SLOTS).optional(),
});

const answerPresenceSpec = variant('answer-presence', {
  /** The target's own canned replies (fallback, out-of-scope, error messages): such a reply is no answer. */
  cannedReplies: z.array(z.string().min(1)).default([]),
  /** Older name of cannedReplies, still read. */
  fallbackMessages: z.array(z.string().min(1)).default([]),
  allowRefusal: z.boolean().default(false),
});

const toolUseSpec = variant('tool-use', {
  tools: z.array(toolExpectation).default([]),
  mode: z.enum(['any', 'all', 'none', 'in-order']).default('all'),
  forbid: z.array(z.string().min(1)).default([]),
});

const searchResultsSpec = variant('search-results', {
  /**
   * The search tool by name. Default: the target's search role, whose `results` says where its output lists
   * tender ids (a JSONPath into JSON, or a regex over text).
   */
  tool: z.string().min(1).optional(),
  /** With `tool`: dot path of the result array inside the tool result ('' = the result itself, else e.g. 'results'). */
  resultsPath: z.string().default(''),
  /** With `tool`: dot path of the id inside each result object. */
  idPath: z.string().min(1).default('id'),
  include: z.array(z.string().min(1)).default([]),
  exclude: z.array(z.string().min(1)).default([]),
  /**
   * A query naming a single bando may be answered by reading that bando with the tender tool instead of
   * searching: with this set, a tender-role call with an `include`d id (and no search) passes too.
   */
  acceptTenderLookup: z.boolean().default(false),
});

/** A bando whose state the run knows: `expired` (its deadline passed), `not-found` (no such code in the corpus). */
const bandoStatusSpec = variant('bando-status', {
  status: z.enum(['expired', 'not-found']),
  /** How the question named the bando (its code or title), for the reason. */
  bando: z.string().min(1),
  /** The deadline of an expired bando (YYYY-MM-DD), for the reason. */
  deadline: z.string().optional(),
});

const languageSpec = variant('language', { expected: z.enum(['it', 'en', 'other']) });

const lengthSpec = variant('length', {
  unit: z.enum(['chars', 'words']).default('chars'),
  min: z.number().int().nonnegative().optional(),
  max: z.number().int().nonnegative().optional(),
});

const latencySpec = variant('latency', { maxMs: z.number().positive(), ...budgetTotal });
const tokenBudgetSpec = variant('token-budget', {
  maxTokens: z.number().int().positive(),
  count: z.enum(['total', 'in', 'out']).default('total'),
  ...budgetTotal,
});
const costBudgetSpec = variant('cost-budget', { maxUsd: z.number().positive(), ...budgetTotal });

const generalQualitySpec = variant('general-quality', {
  criteria: z.array(z.string().min(1)).optional(),
  threshold: z.number().min(0).max(1).default(0.7),
});
const compareMeaningSpec = variant('compare-meaning', {
  value: textValue,
  threshold: z.number().min(0).max(1).default(0.7),
});
const judgeSpec = variant('judge', { criterion: z.string().min(1) });
const customSpec = variant('custom', {
  name: z.string().min(1),
  instructions: z.string().min(1),
  labels: z.record(z.string().min(1), z.enum(['pass', 'fail'])).refine((l) => Object.keys(l).length >= 2, {
    message: 'give at least two labels',
  }),
});
const boilerplateQualitySpec = variant('boilerplate-quality', {});
const pseudoGroundTruthSpec = variant('pseudo-ground-truth', { fact: z.string().min(1) });
const attackSpec = variant('attack', {
  script: z.string().min(1),
  goal: z.string().optional(),
});

export const checkSpecSchema = z
  .discriminatedUnion(
    'type',
    [
      equalsSpec,
      notEqualsSpec,
      containsSpec,
      notContainsSpec,
      keywordsSpec,
      notKeywordsSpec,
      regexSpec,
      notRegexSpec,
      jsonSchemaSpec,
      similaritySpec,
      factMatchSpec,
      answerPresenceSpec,
      toolUseSpec,
      searchResultsSpec,
      bandoStatusSpec,
      languageSpec,
      lengthSpec,
      latencySpec,
      tokenBudgetSpec,
      costBudgetSpec,
      generalQualitySpec,
      compareMeaningSpec,
      judgeSpec,
      customSpec,
      boilerplateQualitySpec,
      pseudoGroundTruthSpec,
      attackSpec,
    ],
    { error: (iss) => (iss.code === 'invalid_union' ? unknownTypeMessage(iss.input) : undefined) },
  )
  .superRefine((spec, ctx) => {
    if (spec.type === 'length') {
      if (spec.min === undefined && spec.max === undefined) {
        ctx.addIssue({ code: 'custom', path: ['min'], message: 'give min, max or both' });
      } else if (spec.min !== undefined && spec.max !== undefined && spec.min > spec.max) {
        ctx.addIssue({ code: 'custom', path: ['max'], message: `max (${spec.max}) is below min (${spec.min})` });
      }
    }
    if (spec.type === 'tool-use' && spec.tools.length === 0 && spec.forbid.length === 0 && spec.mode !== 'none') {
      ctx.addIssue({ code: 'custom', path: ['tools'], message: 'give tools, forbid, or mode: none' });
    }
    if (spec.type === 'search-results' && spec.include.length === 0 && spec.exclude.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['include'], message: 'give include, exclude or both' });
    }
  });

/** A check as written in a scenario file (defaults not yet applied). */
export type CheckSpecInput = z.input<typeof checkSpecSchema>;
/** A validated check, defaults applied. */
export type CheckSpec = z.output<typeof checkSpecSchema>;
export type CheckSpecOf<T extends CheckType> = Extract<CheckSpec, { type: T }>;
export type LlmCheckType = (typeof LLM_CHECK_TYPES)[number];
export type LlmCheckSpec = CheckSpecOf<LlmCheckType>;

function unknownTypeMessage(input: unknown): string {
  const type = (input as { type?: unknown } | null | undefined)?.type;
  if (type === undefined) return `missing check type (one of: ${CHECK_TYPES.join(', ')})`;
  const near = typeof type === 'string' ? nearestType(type) : undefined;
  return `unknown check type ${JSON.stringify(type)}${near ? ` (did you mean "${near}"?)` : ''}`;
}

function nearestType(word: string): CheckType | undefined {
  let best: CheckType | undefined;
  let bestDistance = 3; // further than 2 edits is not a typo worth suggesting
  for (const t of CHECK_TYPES) {
    const d = editDistance(word.toLowerCase(), t);
    if (d < bestDistance) [best, bestDistance] = [t, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const sub = (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      cur.push(Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, sub));
    }
    prev = cur;
  }
  return prev[b.length] ?? 0;
}
