/**
 * Text Postgres can hold. A text column rejects U+0000 (22021) and jsonb rejects the escape \u0000 (22P05), yet a
 * chatbot's answer, its tool arguments or an error's message can carry one: the whole statement would fail, and
 * with it every case written in the same group commit. So each NUL is replaced by ␀ (U+2400, SYMBOL FOR NULL) on
 * the way in. ␀ rather than U+FFFD: U+FFFD is what a decoder already puts for bytes that are not UTF-8, so a reader
 * could not tell which it was; ␀ says a NUL was there, and is visible in every report. Only what is stored changes:
 * the checks judge the text as the chatbot sent it.
 *
 * That is for text produced by others, which we must keep. What a user gives us (a test case, a scenario, a run
 * request) is refused instead, naming the place: `nulPaths` finds them, NUL_REFUSED says why.
 */
import type { z } from 'zod';

export const NUL_MARK = '\u2400';

/** `s` with each NUL replaced by ␀. */
export function storableText(s: string): string {
  return s.includes('\u0000') ? s.replaceAll('\u0000', NUL_MARK) : s;
}

/** Below this depth a value is left as it is (a cycle, or nesting no chatbot reply has). */
const MAX_DEPTH = 64;

/**
 * `v` with every string in it (object keys too) made storable. Values without a NUL are returned as they are,
 * unchanged and not copied (the conversation runner's hot path writes thousands of transcripts a minute).
 */
export function storable<T>(v: T): T {
  return walk(v, 0) as T;
}

function walk(v: unknown, depth: number): unknown {
  if (typeof v === 'string') return storableText(v);
  if (v === null || typeof v !== 'object' || depth > MAX_DEPTH) return v;
  if (Array.isArray(v)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const x = walk(v[i], depth + 1);
      if (x !== v[i]) (out ??= v.slice())[i] = x;
    }
    return out ?? v;
  }
  // Only plain objects (JSON's): a Date, a Buffer or a class instance goes to the driver as it is.
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return v;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  let entries: [string, unknown][] | undefined;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const k2 = storableText(k);
    const x2 = walk(o[k], depth + 1);
    if (!entries && (k2 !== k || x2 !== o[k])) entries = keys.slice(0, i).map((j): [string, unknown] => [j, o[j]]);
    entries?.push([k2, x2]);
  }
  // fromEntries, not assignment: a key "__proto__" stays a key.
  return entries ? Object.fromEntries(entries) : v;
}

/** Why an input holding a NUL is refused (the message next to the place `nulPaths` names). */
export const NUL_REFUSED = 'contains a NUL character (U+0000), which cannot be stored: remove it';

/** For an input schema's `.superRefine`: one issue per place holding a NUL. */
export function refuseNul(v: unknown, ctx: z.RefinementCtx): void {
  for (const path of nulPaths(v)) ctx.addIssue({ code: 'custom', path, message: NUL_REFUSED });
}

/** A place `walkJson` reports: a string value, an object key (its path ends with the key), or a value too deep. */
export type JsonPlace = 'string' | 'key' | 'deep';

/**
 * Depth-first, in key order, over the strings and keys of a JSON-like value: `visit` gets each string value, each
 * key of a plain object, and each object or array found at `maxDepth` (not entered), with its path; it returns true
 * to stop the walk. One path, pushed and popped: the path is valid only during the call (copy it to keep it), so
 * walking run requests of 10,000 tasks makes copies only on a hit.
 */
export function walkJson(v: unknown, visit: (place: JsonPlace, path: readonly (string | number)[], text: string) => boolean | void, maxDepth: number): void {
  const path: (string | number)[] = [];
  const go = (x: unknown, depth: number): boolean => {
    if (typeof x === 'string') return visit('string', path, x) === true;
    if (x === null || typeof x !== 'object') return false;
    if (depth >= maxDepth) return visit('deep', path, '') === true;
    if (Array.isArray(x)) {
      for (let i = 0; i < x.length; i++) {
        path.push(i);
        const stop = go(x[i], depth + 1);
        path.pop();
        if (stop) return true;
      }
      return false;
    }
    for (const [k, y] of Object.entries(x)) {
      path.push(k);
      const stop = visit('key', path, k) === true || go(y, depth + 1);
      path.pop();
      if (stop) return true;
    }
    return false;
  };
  go(v, 0);
}

/**
 * Where `v` holds a NUL: the path of each string holding one, or of the object whose key does (the key last, as
 * the key names the place). At most `limit` places, depth-first in key order.
 */
export function nulPaths(v: unknown, limit = 20): (string | number)[][] {
  const out: (string | number)[][] = [];
  if (limit <= 0) return out;
  walkJson(
    v,
    (place, path, text) => {
      if (place !== 'deep' && text.includes('\u0000')) out.push(path.slice());
      return out.length >= limit;
    },
    MAX_DEPTH + 1,
  );
  return out;
}
