/**
 * Paths into a target's JSON response: RFC 9535 JSONPath, evaluated by json-p3 (a maintained,
 * standard-compliant library that never evaluates code), filters included:
 *   $.data.answer        $.choices[0].message.content        $.items[-1]
 *   $.data.trace.steps[?@.kind=="tool"]                     $.events[?@.type=="text"].content
 * For the configs written before JSONPath, a path without the leading `$` is read from the root
 * (`data.answer` = `$.data.answer`), `@` stands for the current node (relative sub-paths), and the
 * old shorthand `a.some-key`, `a["dotted.key"]` keeps working (translated to bracket notation).
 * The legacy filter form `[?(@.kind=="tool")]` is valid RFC 9535 (a parenthesised expression).
 */
import { jsonpath, type JSONPathQuery } from 'json-p3';

export interface CompiledPath {
  source: string;
  /** The RFC 9535 form actually evaluated. */
  jsonPath: string;
  query: JSONPathQuery;
}

export class PathSyntaxError extends Error {
  constructor(source: string, why: string) {
    super(`bad path "${source}": ${why}`);
    this.name = 'PathSyntaxError';
  }
}

/** The old path shorthand (names, `[n]`, `[-n]`, `[*]`, `.*`, quoted keys) as RFC 9535 bracket notation. */
function translateLegacy(source: string): string | undefined {
  const IDENT = /[^.[\]\s]/;
  let out = '$';
  let i = source.startsWith('$') || source.startsWith('@') ? 1 : 0;
  const quote = (k: string) => `[${JSON.stringify(k)}]`;
  const ident = (): string | undefined => {
    const start = i;
    while (i < source.length && IDENT.test(source[i] ?? '')) i++;
    return i === start ? undefined : source.slice(start, i);
  };
  const nameOrStar = (): boolean => {
    if (source[i] === '*') {
      i++;
      out += '[*]';
      return true;
    }
    const k = ident();
    if (k === undefined) return false;
    out += quote(k);
    return true;
  };
  if (i === 0 && source.length > 0 && source[0] !== '[' && !nameOrStar()) return undefined;
  while (i < source.length) {
    const c = source[i];
    if (c === '.') {
      i++;
      if (!nameOrStar()) return undefined;
    } else if (c === '[') {
      i++;
      const q = source[i];
      if (q === '*') {
        i++;
        out += '[*]';
      } else if (q === '"' || q === "'") {
        i++;
        let key = '';
        while (i < source.length && source[i] !== q) {
          if (source[i] === '\\') i++;
          key += source[i] ?? '';
          i++;
        }
        if (source[i] !== q) return undefined;
        i++;
        out += quote(key);
      } else {
        const m = /^-?\d+/.exec(source.slice(i));
        if (!m) return undefined;
        i += m[0].length;
        out += `[${m[0]}]`;
      }
      if (source[i] !== ']') return undefined;
      i++;
    } else return undefined;
  }
  return out;
}

/** `answer` → `$.answer`, `[0]` → `$[0]`, `@.name` → `$.name` (relative paths are evaluated on the node). */
function rooted(source: string): string {
  const s = source.trim();
  if (s === '' || s === '$' || s === '@') return '$';
  if (s.startsWith('$')) return s;
  if (s.startsWith('@')) return `$${s.slice(1)}`;
  if (s.startsWith('[') || s.startsWith('..')) return `$${s}`;
  return `$.${s}`;
}

const cache = new Map<string, CompiledPath>();

export function compilePath(source: string): CompiledPath {
  const hit = cache.get(source);
  if (hit) return hit;
  const jsonPath = rooted(source);
  let query: JSONPathQuery;
  let used = jsonPath;
  try {
    query = jsonpath.compile(jsonPath);
  } catch (err) {
    const legacy = translateLegacy(source.trim());
    if (legacy === undefined) throw new PathSyntaxError(source, err instanceof Error ? err.message : String(err));
    query = jsonpath.compile(legacy);
    used = legacy;
  }
  const compiled = { source, jsonPath: used, query };
  if (cache.size > 1000) cache.clear();
  cache.set(source, compiled);
  return compiled;
}

/** Every value the path reaches, in document order (missing branches give nothing). */
export function selectAll(path: string, value: unknown): unknown[] {
  return compilePath(path).query.query(value as never).values();
}

/** Every value the path reaches with its location (keys and indices from the root), in document order. */
export function selectNodes(path: string, value: unknown): { value: unknown; location: (string | number)[] }[] {
  return compilePath(path)
    .query.query(value as never)
    .nodes.map((n) => ({ value: n.value as unknown, location: [...n.location] }));
}

/** The first value the path reaches, or undefined. */
export function selectOne(path: string, value: unknown): unknown {
  return selectAll(path, value)[0];
}

/** The compile problem of a path, or undefined when it is valid (for zod refinements). */
export function pathProblem(path: string): string | undefined {
  try {
    compilePath(path);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
