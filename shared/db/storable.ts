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

/**
 * Where `v` holds a NUL: the path of each string holding one, or of the object whose key does (the key last, as
 * the key names the place). At most `limit` places, depth-first in key order.
 */
export function nulPaths(v: unknown, limit = 20): (string | number)[][] {
  const out: (string | number)[][] = [];
  // One path, pushed and popped: run requests of 10,000 tasks are walked at submit, and copies are made only on a hit.
  const path: (string | number)[] = [];
  const visit = (x: unknown, depth: number): void => {
    if (typeof x === 'string') {
      if (x.includes('\u0000') && out.length < limit) out.push(path.slice());
      return;
    }
    if (x === null || typeof x !== 'object' || depth > MAX_DEPTH || out.length >= limit) return;
    if (Array.isArray(x)) {
      for (let i = 0; i < x.length; i++) {
        path.push(i);
        visit(x[i], depth + 1);
        path.pop();
      }
      return;
    }
    for (const [k, y] of Object.entries(x)) {
      path.push(k);
      if (k.includes('\u0000') && out.length < limit) out.push(path.slice());
      visit(y, depth + 1);
      path.pop();
    }
  };
  visit(v, 0);
  return out;
}
