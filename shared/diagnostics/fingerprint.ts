/**
 * Per-id vector hashes for drift ("what share of vectors changed since the last run"), bounded: a bottom-k
 * sketch over a fixed (unseeded) hash of the id, so every run keeps the same ids when they still exist.
 * Below the smaller of the two runs' thresholds both sketches are complete, so ids there are compared
 * exactly: present in both (changed or not), only now (added), only before (removed).
 */
import { hashString53 } from './hash.ts';
import { MaxHeap } from './max-heap.ts';

interface Entry {
  priority: number;
  id: string;
  hash: string;
}

/** `hash` is a 16-hex vector hash, or 'null' for an object without a vector. */
export type FingerprintEntries = Array<[id: string, hash: string]>;

export class FingerprintSketch {
  private readonly heap = new MaxHeap<Entry>();
  private readonly ids = new Set<string>();

  constructor(private readonly k: number) {}

  /** Whether `id` would enter the sketch: lets the caller skip formatting a hash it would throw away. */
  wants(priority: number): boolean {
    if (this.k <= 0) return false;
    const top = this.heap.peek();
    return this.heap.size < this.k || (top !== undefined && priority < top.priority);
  }

  add(id: string, priority: number, hash: string): void {
    if (this.ids.has(id)) return; // a repeated id keeps its first vector
    this.heap.push({ priority, id, hash });
    this.ids.add(id);
    if (this.heap.size > this.k) {
      const evicted = this.heap.pop();
      if (evicted) this.ids.delete(evicted.id);
    }
  }

  entries(): FingerprintEntries {
    return this.heap.items
      .slice()
      .sort((a, b) => a.priority - b.priority)
      .map((e) => [e.id, e.hash]);
  }
}

export const idPriority = (id: string): number => hashString53(id, 0);

export interface FingerprintDrift {
  /** Ids present in both runs within the compared range. */
  compared: number;
  changed: number;
  changedShare: number | null;
  added: number;
  removed: number;
}

export function compareFingerprints(
  prev: { k: number; entries: FingerprintEntries },
  cur: { k: number; entries: FingerprintEntries },
): FingerprintDrift {
  // A sketch with fewer than k ids holds every id of its run: it sets no threshold.
  const maxPriority = (s: { k: number; entries: FingerprintEntries }) =>
    s.entries.length < s.k ? Infinity : s.entries.reduce((m, [id]) => Math.max(m, idPriority(id)), -Infinity);
  const limit = Math.min(maxPriority(prev), maxPriority(cur));
  const before = new Map(prev.entries.filter(([id]) => idPriority(id) <= limit));
  let compared = 0;
  let changed = 0;
  let added = 0;
  for (const [id, hash] of cur.entries) {
    if (idPriority(id) > limit) continue;
    const old = before.get(id);
    if (old === undefined) added++;
    else {
      compared++;
      if (old !== hash) changed++;
      before.delete(id);
    }
  }
  return { compared, changed, changedShare: compared > 0 ? changed / compared : null, added, removed: before.size };
}
