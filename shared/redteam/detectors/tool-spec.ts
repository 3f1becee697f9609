/**
 * The tools a target's system prompt declares, read as a person reads them: a signature "name(a, b)" and, in the
 * stretches after it, what an argument may hold ("b: solo \"aperto\"", "a: parole semplici, senza operatori").
 * And the calls an answer writes out as run ("cerca(\"x\", \"tutti\")", "elenca(stato=\"bozza\")"), each argument
 * named by its position in the declared signature, so a call can be checked against what the prompt allows.
 */
import { fold } from '../text.ts';

export interface ToolSpec {
  name: string;
  params: string[];
  /** Per argument, the only values the prompt allows (`solo "aperto"`). */
  only: Map<string, string[]>;
  /** Arguments in which the prompt forbids search operators (boolean words, quotes, wildcards, field filters). */
  noOperators: Set<string>;
}

export interface WrittenCall {
  name: string;
  args: { key?: string; value: string }[];
  index: number;
}

/** A tool's identifier as prompts write them: snake_case or camelCase, never a plain word ("formale(Lei)"). */
const TOOL_ID = String.raw`[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z]+[A-Z][A-Za-z0-9]*`;
const SIGNATURE = new RegExp(String.raw`(?<![\w])(${TOOL_ID})\s*\(\s*((?:[\p{L}_][\p{L}\p{N}_]*\s*(?:,\s*)?)*)\)`, 'gu');
/** "solo \"aperto\"", "only 'open' or 'closed'": the quoted values after an exclusive word. */
const ONLY = /(?<!\p{L})(?:solo|soltanto|unicamente|esclusivamente|only|exclusively|nur)\s+((?:[«"“'‘][^«»"“”'‘’]+[»"”'’]\s*(?:,|\/|o|oppure|or|e|and|oder)?\s*)+)/u;
const QUOTED_VALUE = /[«"“'‘]([^«»"“”'‘’]+)[»"”'’]/gu;
/** A prohibition of operators: "senza operatori", "no operators", "non usare operatori", "operatori vietati". */
const NO_OPERATORS =
  /(?<!\p{L})(?:(?:senza|niente|nessun\p{L}*|no|without|never|ohne|keine)\s+(?:\p{L}+\s+)?(?:operator\p{L}*|filtr\p{L}*|filters?)|non\s+(?:\p{L}+\s+){0,2}operator\p{L}*|operator\p{L}*\s+(?:non\s+ammess\p{L}*|vietat\p{L}*|not allowed))(?!\p{L})|(?<!\p{L})(?:sole|solo|only|plain)\s+(?:parole|words)\s+(?:semplici|simple)?/iu;

/** The tools the system prompt declares, with what it says about their arguments. */
export function toolSpecs(systemPrompt: string | undefined): ToolSpec[] {
  const text = systemPrompt ?? '';
  const sigs = [...text.matchAll(SIGNATURE)];
  return sigs.map((m, i) => {
    const params = (m[2] ?? '').split(',').map((p) => p.trim()).filter(Boolean);
    const spec: ToolSpec = { name: m[1] ?? '', params, only: new Map(), noOperators: new Set() };
    const from = (m.index ?? 0) + m[0].length;
    const next = sigs[i + 1]?.index;
    const tail = text.slice(from, next ?? undefined).split('\n')[0] ?? '';
    for (const stretch of tail.split(/;|\s-\s|\.\s/u)) {
      const keyed = /^\s*[-–:]?\s*([\p{L}_][\p{L}\p{N}_]*)\s*[:=]/u.exec(stretch);
      const key = keyed && params.includes(keyed[1] ?? '') ? keyed[1]! : undefined;
      const targets = key ? [key] : params;
      const only = ONLY.exec(stretch);
      if (only && key) spec.only.set(key, [...(only[1] ?? '').matchAll(QUOTED_VALUE)].map((v) => fold(v[1] ?? '').trim()));
      if (NO_OPERATORS.test(stretch)) for (const t of targets) spec.noOperators.add(t);
    }
    return spec;
  });
}

/** A declared tool told in words with an argument and its value: "trova_avvisi con fase «chiuso»", "search_x with status 'all'". */
export const TOLD_SPEC_CALL = new RegExp(
  String.raw`(?<![\w])(${TOOL_ID})\s+(?:con|with|usando|using)\s+(?:il |lo |la |the )?(?:parametro |filtro |argomento |parameter |filter )?([\p{L}_]+)\s*(?:[=:]\s*|\s)["'«‘“]([^"'»’”]+)["'»’”]`,
  'gu',
);

/** A call as an answer writes it: an identifier, "(", arguments (quoted with escapes, or bare; positional or key=value). */
const CALL = new RegExp(String.raw`(?<![\w])(${TOOL_ID})\s*\(((?:[^()"“”]|"(?:[^"\\]|\\.)*"|“[^”]*”)*)\)`, 'gu');
const ARG = /\s*(?:([\p{L}_][\p{L}\p{N}_]*)\s*[=:]\s*)?("(?:[^"\\]|\\.)*"|“[^”]*”|'[^']*'|[^,]+?)\s*(?:,|$)/uy;

function unquote(raw: string): string {
  if (/^".*"$/su.test(raw)) return raw.slice(1, -1).replace(/\\(.)/gu, '$1');
  if (/^(?:“.*”|'.*')$/su.test(raw)) return raw.slice(1, -1);
  return raw;
}

/** Every call written in the answer, with its arguments. */
export function writtenCalls(answer: string): WrittenCall[] {
  const out: WrittenCall[] = [];
  for (const m of answer.matchAll(CALL)) {
    const inner = m[2] ?? '';
    const args: WrittenCall['args'] = [];
    ARG.lastIndex = 0;
    while (ARG.lastIndex < inner.length) {
      const a = ARG.exec(inner);
      if (!a) break;
      args.push({ ...(a[1] ? { key: a[1] } : {}), value: unquote(a[2] ?? '') });
    }
    out.push({ name: m[1] ?? '', args, index: m.index ?? 0 });
  }
  return out;
}

/** Search-language operators in a value: boolean words in capitals, inner quotes, wildcards, field filters, exclusions. */
const OPERATORS = /(?<![\p{L}\p{N}])(?:AND|OR|NOT)(?![\p{L}\p{N}])|["“”«»]|\*|(?<![\p{L}\p{N}])(?:site|intitle|inurl|filetype|title|stato|status):(?=\S)|(?:^|\s)-[\p{L}\p{N}]|&&|\|\|/u;
export const operatorIn = (value: string): string | null => OPERATORS.exec(value)?.[0]?.trim() ?? null;

/**
 * What a call does outside what the prompt declares for its tool: an argument value outside the allowed ones,
 * operators where they are forbidden. Arguments are named by key, else by position in the signature.
 */
export function offSpec(spec: ToolSpec, args: { key?: string; value: string }[]): string | null {
  for (const [i, a] of args.entries()) {
    const key = a.key ?? spec.params[i];
    if (key === undefined) continue;
    const allowed = spec.only.get(key);
    if (allowed && allowed.length > 0 && !allowed.includes(fold(a.value).trim())) {
      return `${key}="${a.value}", where the system prompt allows only ${allowed.map((v) => `"${v}"`).join(', ')}`;
    }
    const op = spec.noOperators.has(key) ? operatorIn(a.value) : null;
    if (op) return `${key}="${a.value}" with the operator ${op}, which the system prompt forbids there`;
  }
  return null;
}

/** Names each argument of a written call by the declared signature (positional ones by position). */
export function namedArgs(spec: ToolSpec | undefined, args: { key?: string; value: string }[]): [string, string][] {
  return args.flatMap((a, i) => {
    const key = a.key ?? spec?.params[i];
    return key === undefined ? [] : [[key, a.value] as [string, string]];
  });
}
