/**
 * A small path language for picking values out of a target's JSON response:
 *   answer            data.answer          choices[0].message.content     items[-1]
 *   tool_calls[*].function.name            ["key.with.dots"].x            $  (the whole body)
 * `[*]` (or `.*`) fans out over an array's items or an object's values, so a path yields a list.
 */
export type Segment = { kind: 'key'; key: string } | { kind: 'index'; index: number } | { kind: 'wildcard' };

export interface CompiledPath {
  source: string;
  segments: Segment[];
}

export class PathSyntaxError extends Error {
  constructor(source: string, at: number, why: string) {
    super(`bad path "${source}" at character ${at + 1}: ${why}`);
    this.name = 'PathSyntaxError';
  }
}

const IDENT = /[^.[\]\s]/;
const cache = new Map<string, CompiledPath>();

export function compilePath(source: string): CompiledPath {
  const hit = cache.get(source);
  if (hit) return hit;
  const segments: Segment[] = [];
  let i = source.startsWith('$') ? 1 : 0;
  const ident = () => {
    const start = i;
    while (i < source.length && IDENT.test(source[i] ?? '')) i++;
    if (i === start) throw new PathSyntaxError(source, i, 'expected a name');
    return source.slice(start, i);
  };
  if (i === 0 && source.length > 0 && source[0] !== '[') {
    if (source[0] === '*') {
      i++;
      segments.push({ kind: 'wildcard' });
    } else segments.push({ kind: 'key', key: ident() });
  }
  while (i < source.length) {
    const c = source[i];
    if (c === '.') {
      i++;
      if (source[i] === '*') {
        i++;
        segments.push({ kind: 'wildcard' });
      } else segments.push({ kind: 'key', key: ident() });
    } else if (c === '[') {
      i++;
      const q = source[i];
      if (q === '*') {
        i++;
        segments.push({ kind: 'wildcard' });
      } else if (q === '"' || q === "'") {
        i++;
        let key = '';
        while (i < source.length && source[i] !== q) {
          if (source[i] === '\\') i++;
          key += source[i] ?? '';
          i++;
        }
        if (source[i] !== q) throw new PathSyntaxError(source, i, 'unterminated quoted key');
        i++;
        segments.push({ kind: 'key', key });
      } else {
        const m = /^-?\d+/.exec(source.slice(i));
        if (!m) throw new PathSyntaxError(source, i, 'expected an index, * or a quoted key');
        i += m[0].length;
        segments.push({ kind: 'index', index: Number(m[0]) });
      }
      if (source[i] !== ']') throw new PathSyntaxError(source, i, 'expected ]');
      i++;
    } else throw new PathSyntaxError(source, i, `unexpected "${c}"`);
  }
  const compiled = { source, segments };
  cache.set(source, compiled);
  return compiled;
}

/** True when the path can yield several values (has a wildcard). */
export function isMulti(path: string): boolean {
  return compilePath(path).segments.some((s) => s.kind === 'wildcard');
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Every value the path reaches (missing branches are skipped, never undefined entries). */
export function selectAll(path: string, value: unknown): unknown[] {
  let current: unknown[] = [value];
  for (const seg of compilePath(path).segments) {
    const next: unknown[] = [];
    for (const v of current) {
      if (seg.kind === 'wildcard') {
        if (Array.isArray(v)) next.push(...v);
        else if (isRecord(v)) next.push(...Object.values(v));
      } else if (seg.kind === 'index') {
        if (Array.isArray(v)) {
          const item: unknown = v[seg.index < 0 ? v.length + seg.index : seg.index];
          if (item !== undefined) next.push(item);
        }
      } else if (isRecord(v) && Object.hasOwn(v, seg.key) && v[seg.key] !== undefined) {
        next.push(v[seg.key]);
      }
    }
    current = next;
  }
  return current;
}

/** The first value the path reaches, or undefined. */
export function selectOne(path: string, value: unknown): unknown {
  return selectAll(path, value)[0];
}
