/**
 * A promptfoo config (promptfooconfig.yaml) → a vaglio `single` test set and, from an HTTP provider, a target
 * file. What has a faithful vaglio equivalent is mapped; what does not is listed in `unmapped` with the reason
 * (never silently dropped): code assertions (javascript, python) are refused because vaglio never runs code
 * found in a test file.
 */
import { z } from 'zod';
import { parse } from 'yaml';
import { checkSpecSchema, type CheckSpecInput } from '../checks/schema.ts';
import { ScenarioError } from './errors.ts';
import { testSetSchema, type TestSet } from './schema.ts';

const assertionSchema = z.looseObject({
  type: z.string().min(1),
  value: z.unknown().optional(),
  threshold: z.number().optional(),
  weight: z.number().optional(),
});
type Assertion = z.infer<typeof assertionSchema>;

const testSchema = z.looseObject({
  description: z.string().optional(),
  vars: z.record(z.string(), z.unknown()).optional(),
  assert: z.array(assertionSchema).optional(),
});

const providerSchema = z.union([z.string(), z.looseObject({ id: z.string().optional(), label: z.string().optional(), config: z.record(z.string(), z.unknown()).optional() })]);

const configSchema = z.looseObject({
  description: z.string().optional(),
  prompts: z.union([z.string(), z.array(z.union([z.string(), z.looseObject({ raw: z.string().optional() })]))]).optional(),
  providers: z.union([providerSchema, z.array(providerSchema)]).optional(),
  defaultTest: z.looseObject({ vars: z.record(z.string(), z.unknown()).optional(), assert: z.array(assertionSchema).optional() }).optional(),
  tests: z.union([z.string(), z.array(z.union([z.string(), testSchema]))]).optional(),
});

export interface PromptfooImport {
  set: TestSet;
  /** A vaglio target file's content, when an HTTP provider could be mapped. */
  target?: Record<string, unknown>;
  /** Everything that was not carried over, each with where it was and why. */
  unmapped: string[];
}

/** Fills promptfoo's `{{var}}` (and `{{ var }}`) from the test's vars; unknown names are left as they are. */
function render(template: string, vars: Record<string, unknown>): string {
  return template.replace(/\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/g, (all, name: string) => (Object.hasOwn(vars, name) ? String(vars[name]) : all));
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const REFUSED_CODE = 'vaglio never runs code from a test file; write it as a check (regex, json-schema, keywords or judge)';

/** One promptfoo assertion → vaglio check input, or the reason it cannot be mapped. */
function mapAssertion(a: Assertion, vars: Record<string, unknown>): CheckSpecInput | string {
  const negated = a.type.startsWith('not-');
  const base = negated ? a.type.slice(4) : a.type;
  const text = typeof a.value === 'string' ? render(a.value, vars) : undefined;
  const list = Array.isArray(a.value) ? a.value.map((v) => render(String(v), vars)) : undefined;
  const weight = a.weight === undefined ? {} : { weight: a.weight };
  const needText = (check: CheckSpecInput): CheckSpecInput | string => (text === undefined ? `${a.type} needs a text value` : check);
  const not = <T extends string>(t: T) => (negated ? (`not-${t}` as const) : t);
  switch (base) {
    case 'equals':
      return needText({ type: not('equals'), value: text, ...weight } as CheckSpecInput);
    case 'contains':
    case 'icontains':
      return needText({ type: not('contains'), value: text, ignoreCase: base === 'icontains', ...weight } as CheckSpecInput);
    case 'contains-any':
    case 'contains-all':
    case 'icontains-any':
    case 'icontains-all':
      if (!list?.length) return `${a.type} needs a list of values`;
      return {
        type: not('keywords'),
        keywords: list,
        mode: base.endsWith('all') ? 'all' : 'any',
        ignoreCase: base.startsWith('i'),
        ignoreAccents: false,
        ...weight,
      } as CheckSpecInput;
    case 'starts-with':
      return needText({ type: not('regex'), pattern: `^${escapeRegex(text ?? '')}`, ...weight } as CheckSpecInput);
    case 'regex':
      return needText({ type: not('regex'), pattern: text, ...weight } as CheckSpecInput);
    case 'is-json':
      if (negated) return 'not-is-json has no vaglio equivalent';
      return { type: 'json-schema', schema: a.value && typeof a.value === 'object' ? (a.value as Record<string, unknown>) : {}, ...weight };
    case 'similar':
      // promptfoo compares embeddings; vaglio's meaning comparison is the LLM compare-meaning check.
      if (negated) return 'not-similar has no vaglio equivalent';
      return needText({ type: 'compare-meaning', value: text, ...(a.threshold !== undefined ? { threshold: a.threshold } : {}), ...weight });
    case 'llm-rubric':
      if (negated) return 'not-llm-rubric has no vaglio equivalent (write the negated criterion in a judge check)';
      return needText({ type: 'judge', criterion: text ?? '', ...weight });
    case 'latency':
      return a.threshold === undefined ? 'latency needs a threshold (ms)' : { type: 'latency', maxMs: a.threshold, ...weight };
    case 'cost':
      return a.threshold === undefined ? 'cost needs a threshold (USD)' : { type: 'cost-budget', maxUsd: a.threshold, ...weight };
    case 'javascript':
    case 'python':
      return `${a.type} refused: ${REFUSED_CODE}`;
    default:
      return `${a.type}: no vaglio equivalent`;
  }
}

/** `json.a.b[0]` (promptfoo's transformResponse expression) → the JSONPath `$.a.b[0]`; anything else is code. */
function responsePath(transform: unknown): string | undefined {
  if (transform === undefined) return '$';
  if (typeof transform !== 'string') return undefined;
  const m = /^\s*json((?:\.[A-Za-z_$][\w$]*|\[\d+\]|\['[^']*'\]|\["[^"]*"\])*)\s*$/.exec(transform);
  return m ? `$${m[1]}` : undefined;
}

/** promptfoo's `{{prompt}}` → vaglio's `{{message}}`; `{{env.X}}` → `${env:X}` (read at send time, never stored). */
function toVaglioTemplate(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/\{\{\s*prompt\s*\}\}/g, '{{message}}').replace(/\{\{\s*env\.([A-Za-z_]\w*)\s*\}\}/g, '${env:$1}');
  if (Array.isArray(value)) return value.map(toVaglioTemplate);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toVaglioTemplate(v)]));
  return value;
}

function mapProvider(p: z.infer<typeof providerSchema>, unmapped: string[]): Record<string, unknown> | undefined {
  const id = typeof p === 'string' ? p : (p.id ?? '');
  const cfg = typeof p === 'string' ? {} : (p.config ?? {});
  const isHttp = /^https?$/.test(id) || /^https?:\/\//.test(id);
  if (!isHttp) {
    unmapped.push(`providers: "${id}" is a model provider, not a chatbot endpoint: write a target file for your chatbot (docs/targets.md)`);
    return undefined;
  }
  const url = typeof cfg.url === 'string' ? cfg.url : /^https?:\/\//.test(id) ? id : undefined;
  if (!url) {
    unmapped.push(`providers: "${id}" has no url`);
    return undefined;
  }
  const transform = cfg.transformResponse ?? cfg.responseParser;
  const answer = responsePath(transform);
  if (answer === undefined) {
    unmapped.push(`providers.config.transformResponse ${JSON.stringify(String(transform)).slice(0, 80)}: only a path like json.output can be mapped (vaglio never runs code from a config); set response.answer in the target file`);
  } else if (transform === undefined) {
    unmapped.push('providers.config.transformResponse is not set: response.answer is $ (the whole reply); point it at the answer text');
  }
  for (const key of Object.keys(cfg).filter((k) => !['url', 'method', 'headers', 'body', 'transformResponse', 'responseParser'].includes(k))) {
    unmapped.push(`providers.config.${key}: not mapped`);
  }
  const headers = (toVaglioTemplate(cfg.headers ?? {}) as Record<string, string>) ?? {};
  for (const [k, v] of Object.entries(headers)) {
    for (const m of String(v).matchAll(/\$\{env:([A-Za-z_]\w*)\}/g)) {
      if (!m[1]!.startsWith('VAGLIO_TARGET_')) unmapped.push(`providers.config.headers.${k}: vaglio passes only VAGLIO_TARGET_* variables to targets; rename ${m[1]} (or set VAGLIO_TARGET_ENV_ALLOW)`);
    }
  }
  const label = typeof p === 'string' ? undefined : p.label;
  return {
    type: 'http',
    ...(label ? { name: label.replace(/[^A-Za-z0-9_.-]+/g, '-') } : {}),
    url,
    method: typeof cfg.method === 'string' ? cfg.method.toUpperCase() : 'POST',
    ...(Object.keys(headers).length ? { headers } : {}),
    body: toVaglioTemplate(cfg.body ?? { message: '{{prompt}}' }),
    mode: 'stateless',
    response: { answer: answer ?? '$' },
  };
}

export function importPromptfoo(text: string, opts: { fileName: string; setId: string }): PromptfooImport {
  const file = opts.fileName;
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (err) {
    throw new ScenarioError([{ file, path: '', message: `not YAML: ${(err as Error).message}` }]);
  }
  const cfg = configSchema.safeParse(raw);
  if (!cfg.success) throw new ScenarioError(cfg.error.issues.map((i) => ({ file, path: i.path.join('.'), message: i.message })));
  const c = cfg.data;
  const unmapped: string[] = [];
  if (typeof c.tests === 'string') throw new ScenarioError([{ file, path: 'tests', message: `tests are in ${c.tests}: only tests written in the config are imported` }]);
  const prompts = (typeof c.prompts === 'string' ? [c.prompts] : (c.prompts ?? [])).map((p) => (typeof p === 'string' ? p : (p.raw ?? '')));
  if (prompts.some((p) => p.startsWith('file://'))) unmapped.push('prompts: file:// prompts are not read; each case sends its vars as the prompt would');
  const prompt = prompts.find((p) => !p.startsWith('file://'));
  if (prompts.length > 1) unmapped.push(`prompts: ${prompts.length} prompts; only the first one is used (a chatbot receives one message per turn)`);
  const tests = (c.tests ?? []).filter((t, i): t is z.infer<typeof testSchema> => {
    if (typeof t === 'string') unmapped.push(`tests[${i}]: "${t}" is a file reference, not imported`);
    return typeof t !== 'string';
  });
  if (tests.length === 0) throw new ScenarioError([{ file, path: 'tests', message: 'no tests to import' }]);
  const cases = tests.map((t, i) => {
    const vars = { ...(c.defaultTest?.vars ?? {}), ...(t.vars ?? {}) };
    const only = Object.values(vars);
    const input = prompt !== undefined ? render(prompt, vars) : only.length === 1 ? String(only[0]) : undefined;
    if (input === undefined || /\{\{.*\}\}/.test(input)) unmapped.push(`tests[${i}]: the prompt could not be filled from its vars (${input ?? 'no prompt'})`);
    const checks: unknown[] = [];
    for (const [j, a] of [...(c.defaultTest?.assert ?? []), ...(t.assert ?? [])].entries()) {
      const mapped = mapAssertion(a, vars);
      if (typeof mapped === 'string') {
        unmapped.push(`tests[${i}].assert[${j}]: ${mapped}`);
        continue;
      }
      const check = checkSpecSchema.safeParse(mapped);
      if (check.success) checks.push(check.data);
      else unmapped.push(`tests[${i}].assert[${j}] ${a.type}: ${check.error.issues.map((x) => x.message).join('; ')}`);
    }
    // A case with nothing to check gets general quality, as Copilot Studio does.
    if (checks.length === 0) checks.push(checkSpecSchema.parse({ type: 'general-quality' }));
    const known = new Set(['description', 'vars', 'assert']);
    for (const key of Object.keys(t).filter((k) => !known.has(k))) unmapped.push(`tests[${i}].${key}: not mapped`);
    return { id: `t${String(i + 1).padStart(3, '0')}`, input: input ?? '', checks, ...(t.description ? { notes: t.description } : {}) };
  });
  const set = testSetSchema.safeParse({ id: opts.setId, ...(c.description ? { name: c.description } : {}), type: 'single', cases });
  if (!set.success) throw new ScenarioError(set.error.issues.map((i) => ({ file, path: i.path.join('.'), message: i.message })));
  const providers = c.providers === undefined ? [] : Array.isArray(c.providers) ? c.providers : [c.providers];
  if (providers.length > 1) unmapped.push(`providers: ${providers.length} providers; only the first HTTP one becomes the target`);
  let target: Record<string, unknown> | undefined;
  for (const p of providers) {
    const t = mapProvider(p, target ? [] : unmapped);
    if (t && !target) target = t;
  }
  return { set: set.data, ...(target ? { target } : {}), unmapped };
}

/** Whether a parsed YAML/JSON document is a promptfoo config rather than vaglio test sets. */
export function isPromptfooConfig(data: unknown): boolean {
  return typeof data === 'object' && data !== null && !Array.isArray(data) && !('cases' in data) && ('tests' in data || 'prompts' in data || 'providers' in data);
}
