import { describe, expect, it } from 'vitest';
import '../../shared/tasks/index.ts';
import { FINALIZE_KEY, planTasks } from '../../shared/engine/dag.ts';
import { ValidationError } from '../../shared/engine/errors.ts';
import { buildFlow } from '../../shared/engine/flow.ts';

const problemsOf = (fn: () => unknown): string[] => {
  try {
    fn();
  } catch (e) {
    if (e instanceof ValidationError) return e.problems;
    throw e;
  }
  return [];
};

describe('planTasks', () => {
  it('adds one root that depends on every sink and gives every task one flow parent', () => {
    const planned = planTasks([
      { key: 'a', kind: 'test.noop' },
      { key: 'b', kind: 'test.noop', dependsOn: ['a'] },
      { key: 'c', kind: 'test.noop', dependsOn: ['a'] },
      { key: 'd', kind: 'test.sum', dependsOn: ['b', 'c'] },
      { key: 'e', kind: 'test.noop' },
    ]);
    const byKey = new Map(planned.map((t) => [t.key, t]));
    expect(byKey.get(FINALIZE_KEY)?.dependsOn.sort()).toEqual(['d', 'e']);
    // a has two dependents (b, c): exactly one of them is its flow parent; the other edge is gated.
    expect(['b', 'c']).toContain(byKey.get('a')?.flowParent);
    expect(byKey.get('d')?.flowParent).toBe(FINALIZE_KEY);
    const flow = buildFlow('r1', 0, planned.map((t) => ({ ...t, backoffMs: 10 })));
    const count = (f: typeof flow): number => 1 + (f.children ?? []).reduce((n, c) => n + count(c), 0);
    expect(count(flow)).toBe(planned.length);
    expect(flow.opts?.jobId).toBe('r1._finalize.e0');
  });

  it('names every problem of a bad plan and accepts none of it', () => {
    const problems = problemsOf(() =>
      planTasks([
        { key: 'a', kind: 'test.nope' },
        { key: 'a', kind: 'test.noop' },
        { key: 'b:c', kind: 'test.noop' },
        { key: 'd', kind: 'test.sleep', payload: { ms: 'soon' } },
        { key: 'e', kind: 'test.noop', dependsOn: ['zzz'] },
      ]),
    );
    expect(problems.join('\n')).toMatch(/tasks\[2\]\.key/);
    const again = problemsOf(() =>
      planTasks([
        { key: 'a', kind: 'test.nope' },
        { key: 'a', kind: 'test.noop' },
        { key: 'd', kind: 'test.sleep', payload: { ms: 'soon' } },
        { key: 'e', kind: 'test.noop', dependsOn: ['zzz'] },
      ]),
    ).join('\n');
    expect(again).toMatch(/tasks\[0\]\.kind: unknown task kind "test.nope"/);
    expect(again).toMatch(/tasks\[1\]\.key: duplicate key "a"/);
    expect(again).toMatch(/tasks\[2\]\.payload\.ms/);
    expect(again).toMatch(/tasks\[3\]\.dependsOn\[0\]: no task with key "zzz"/);
  });

  it('refuses cycles', () => {
    const p = problemsOf(() =>
      planTasks([
        { key: 'a', kind: 'test.noop', dependsOn: ['c'] },
        { key: 'b', kind: 'test.noop', dependsOn: ['a'] },
        { key: 'c', kind: 'test.noop', dependsOn: ['b'] },
      ]),
    );
    expect(p[0]).toMatch(/dependency cycle/);
  });
});
