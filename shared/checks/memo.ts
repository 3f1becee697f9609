/**
 * Memoised pure functions of the checks (a sentence's judgement, the facts a clause states). A mutation run
 * judges thousands of mutants that differ from their original in one sentence, so most of these calls repeat
 * one already made. The caches work only inside `withCheckMemo` (what the mutation engine wraps a run in) and
 * are emptied when the last such run ends: a service that judges normal runs keeps no memory for them.
 *
 * Rules for a memoised function: its result depends on its arguments alone (no clock, no module state that
 * changes), the key covers every argument (`memoKey` refuses anything but strings, numbers, booleans and
 * flat objects or arrays of them, and then the call is not cached), and callers never change the result (it is
 * frozen, so a change throws). Each cache is bounded: the oldest entry goes first.
 */

/** Mutation runs in progress (the caches live while one is), and the test switch that turns them off. */
let active = 0;
let disabled = false;
const caches: { young: Map<string, unknown>; old: Map<string, unknown> }[] = [];

type Flat = string | number | boolean | null | undefined;
const isFlat = (v: unknown): v is Flat => v === null || v === undefined || ['string', 'number', 'boolean'].includes(typeof v);

/**
 * A cache key for `parts`, or undefined when a part is not plain data (a function, a RegExp, a nested object):
 * such a call is computed, never cached, so a field added later to an argument cannot make a stale hit.
 */
export function memoKey(...parts: unknown[]): string | undefined {
  for (const p of parts) {
    if (isFlat(p)) continue;
    if (Array.isArray(p) ? p.every(isFlat) : Object.getPrototypeOf(p) === Object.prototype && Object.values(p as object).every(isFlat)) continue;
    return undefined;
  }
  return JSON.stringify(parts);
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * `fn` with a bounded cache keyed by `key(...args)` (undefined: not cached). Two generations of at most `max`
 * entries each: when the young one is full it becomes the old one and the previous old one is dropped (a hit
 * in the old generation moves to the young one). Dropping whole maps keeps every call O(1); deleting a Map's
 * oldest entry one at a time does not (V8 walks the deleted slots on each `keys().next()`).
 */
export function memoize<A extends unknown[], R>(fn: (...args: A) => R, key: (...args: A) => string | undefined, max = 4096): (...args: A) => R {
  const cache = { young: new Map<string, R>(), old: new Map<string, R>() };
  caches.push(cache);
  const store = (k: string, r: R) => {
    if (cache.young.size >= max) {
      cache.old = cache.young;
      cache.young = new Map();
    }
    cache.young.set(k, r);
    return r;
  };
  return (...args: A): R => {
    if (active === 0 || disabled) return fn(...args);
    const k = key(...args);
    if (k === undefined) return fn(...args);
    const young = cache.young.get(k);
    if (young !== undefined || cache.young.has(k)) return young as R;
    if (cache.old.has(k)) return store(k, cache.old.get(k) as R);
    return store(k, deepFreeze(fn(...args)));
  };
}

function clearAll(): void {
  for (const c of caches) {
    c.young.clear();
    c.old.clear();
  }
}

/** Runs `fn` with the check memos on; they are emptied when the last run that turned them on ends. */
export async function withCheckMemo<T>(fn: () => Promise<T>): Promise<T> {
  active++;
  try {
    return await fn();
  } finally {
    if (--active === 0) clearAll();
  }
}

/** Turns every check memo off (even inside withCheckMemo) or back on, and empties them: the verdict-identity test. */
export function setCheckMemo(on: boolean): void {
  disabled = !on;
  clearAll();
}

/**
 * For the verdict-identity test only: gives every cached key another key's value, so the test can show that a
 * stale cache would change verdicts it compares. Returns how many entries were swapped.
 */
export function scrambleCheckMemoForTest(): number {
  let n = 0;
  for (const c of caches) {
    for (const m of [c.young, c.old]) {
      const keys = [...m.keys()];
      const values = keys.map((k) => m.get(k));
      keys.forEach((k, i) => m.set(k, values[(i + 1) % values.length]));
      n += keys.length > 1 ? keys.length : 0;
    }
  }
  return n;
}
