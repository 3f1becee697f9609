/**
 * GroupCommit: what the case-outcome and completion writers rely on — every caller gets its own result once
 * its item is written, items that arrive together share one write, a steady stream is written in groups
 * rather than one item at a time, and a failed write fails only the callers whose items it held.
 */
import { describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { GroupCommit } from '../../shared/db/group-commit.ts';

function recorder(delayMs = 5, fail?: (items: number[]) => boolean) {
  const writes: number[][] = [];
  const group = (opts: { maxBatch?: number; lingerMs?: number }) =>
    new GroupCommit<number, string>(async (items) => {
      writes.push(items);
      await sleep(delayMs);
      if (fail?.(items)) throw new Error(`write of ${items.join(',')} failed`);
      return items.map((i) => `done ${i}`);
    }, opts);
  return { writes, group };
}

describe('GroupCommit', () => {
  it('writes items pushed together in one write and answers each caller with its own result', async () => {
    const r = recorder();
    const g = r.group({ lingerMs: 20 });
    const results = await Promise.all([1, 2, 3, 4].map((i) => g.push(i)));
    expect(results).toEqual(['done 1', 'done 2', 'done 3', 'done 4']);
    expect(r.writes).toEqual([[1, 2, 3, 4]]);
  });

  it('writes a steady stream in groups, not one item per write, and keeps arrival order', async () => {
    const r = recorder(2);
    // A 1 s linger: a loaded machine may space the "1 ms" pushes tens of ms apart, and they must still group.
    const g = r.group({ lingerMs: 1000 });
    const pending: Promise<string>[] = [];
    for (let i = 0; i < 60; i++) {
      pending.push(g.push(i));
      await sleep(1);
    }
    await Promise.all(pending);
    expect(r.writes.flat()).toEqual(Array.from({ length: 60 }, (_, i) => i));
    // One item every ~1 ms (or a few tens under load) with a 1 s linger: several items per write, never one per item.
    expect(r.writes.length).toBeLessThan(20);
    expect(Math.max(...r.writes.map((w) => w.length))).toBeGreaterThan(3);
  });

  it('does not wait for the linger once maxBatch items are waiting', async () => {
    const r = recorder();
    const g = r.group({ lingerMs: 60_000, maxBatch: 3 });
    const results = await Promise.all([1, 2, 3].map((i) => g.push(i)));
    expect(results).toEqual(['done 1', 'done 2', 'done 3']);
    expect(r.writes).toEqual([[1, 2, 3]]);
  });

  it('fails only the callers whose write failed; later writes go on', async () => {
    const r = recorder(5, (items) => items.includes(2));
    const g = r.group({ lingerMs: 0, maxBatch: 2 });
    const settled = await Promise.allSettled([1, 2, 3, 4].map((i) => g.push(i)));
    // Pushed while the first write was in flight, 2 and 3 went together; that write failed.
    expect(r.writes).toEqual([[1], [2, 3], [4]]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((settled[1] as PromiseRejectedResult).reason.message).toBe('write of 2,3 failed');
    expect(await g.push(5)).toBe('done 5');
  });

  it('writes an item pushed with linger: false at once, with whatever is waiting', async () => {
    const r = recorder();
    const g = r.group({ lingerMs: 60_000 });
    const early = g.push(1);
    await sleep(5);
    expect(r.writes).toEqual([]);
    expect(await Promise.all([early, g.push(2, { linger: false })])).toEqual(['done 1', 'done 2']);
    expect(r.writes).toEqual([[1, 2]]);
  });
});
