import { describe, expect, it } from 'vitest';
import '../../shared/tasks/index.ts';
import { FINALIZE_KEY, planTasks } from '../../shared/engine/dag.ts';
import { ValidationError } from '../../shared/engine/errors.ts';
import { buildFlow, flowTaskOf } from '../../shared/engine/flow.ts';
import type { FlowJob } from 'bullmq';

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

describe('batch jobs', () => {
  const jobs = (f: FlowJob): FlowJob[] => [f, ...(f.children ?? []).flatMap(jobs)];
  const flowOf = (tasks: Parameters<typeof planTasks>[0]) => buildFlow('r1', 0, planTasks(tasks).map(flowTaskOf));

  it('puts batchable siblings with the same dependencies into batch jobs of up to 16, in order, the rest alone', () => {
    const flow = flowOf([
      { key: 'gate', kind: 'test.noop' },
      ...Array.from({ length: 40 }, (_, i) => ({ key: `s${String(i).padStart(2, '0')}`, kind: 'test.batch-sleep', payload: { ms: 1 } })),
      ...Array.from({ length: 3 }, (_, i) => ({ key: `g${i}`, kind: 'test.batch-sleep', payload: { ms: 1 }, dependsOn: ['gate'] })),
      { key: 'lone', kind: 'test.batch-fail', payload: { times: 0 } },
      ...Array.from({ length: 3 }, (_, i) => ({ key: `plain${i}`, kind: 'test.sleep', payload: { ms: 1 } })),
    ]);
    const all = jobs(flow);
    const batches = all.filter((j) => j.data.taskKeys);
    // 40 independent sleeps: 16 + 16 + 8, keys in plan order. Of the 3 gated on `gate`, one is gate's flow
    // parent (it waits for gate's job) and goes alone; the other 2 make their own batch.
    expect(batches.map((b) => b.data.taskKeys.length).sort((a: number, b: number) => a - b)).toEqual([2, 8, 16, 16]);
    const first = batches.find((b) => b.data.taskKey === 's00')!;
    expect(first.data.taskKeys).toEqual(Array.from({ length: 16 }, (_, i) => `s${String(i).padStart(2, '0')}`));
    expect(first.queueName).toBe('converse-batch');
    expect(first.opts?.jobId).toBe('r1.s00+16.e0');
    const gated = batches.find((b) => String(b.data.taskKey).startsWith('g'))!;
    const gateParent = all.find((j) => j.children?.some((c) => c.data.taskKey === 'gate'))!;
    expect([...gated.data.taskKeys, gateParent.data.taskKey].sort()).toEqual(['g0', 'g1', 'g2']);
    // A batch of one, and kinds that are not batchable, stay ordinary jobs on their queue.
    const singles = all.filter((j) => !j.data.taskKeys).map((j) => `${j.data.taskKey}@${j.queueName}`);
    expect(singles).toEqual(expect.arrayContaining(['lone@converse', 'plain0@converse', 'gate@converse']));
    // Every task is in exactly one job.
    const keys = all.flatMap((j) => j.data.taskKeys ?? [j.data.taskKey]);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBe(40 + 3 + 1 + 3 + 1 + 1);
  });

  it('never batches a task that is the flow parent of others (its job must wait for its children)', () => {
    const flow = flowOf([
      { key: 'a', kind: 'test.batch-sleep', payload: { ms: 1 } },
      { key: 'b', kind: 'test.batch-sleep', payload: { ms: 1 } },
      { key: 'c', kind: 'test.noop', dependsOn: ['a'] },
    ]);
    const all = jobs(flow);
    expect(all.some((j) => j.data.taskKeys)).toBe(false);
    const c = all.find((j) => j.data.taskKey === 'c')!;
    expect(c.children?.map((k) => k.data.taskKey)).toEqual(['a']);
  });

  it('rebuilds the same batch ids from the same tasks (an expansion retried adds nothing twice)', () => {
    const tasks = Array.from({ length: 20 }, (_, i) => ({ key: `k${i}`, kind: 'test.batch-sleep', payload: { ms: 1 } }));
    const ids = (f: FlowJob) => jobs(f).map((j) => j.opts?.jobId).sort();
    expect(ids(flowOf(tasks))).toEqual(ids(flowOf(tasks)));
  });
});

describe('validation errors', () => {
  it('names every problem in `problems` but only the first 20 in the message', () => {
    const tasks = Array.from({ length: 500 }, (_, i) => ({ key: `k${i}`, kind: 'no.such-kind', payload: {} }));
    let err: unknown;
    try {
      planTasks(tasks);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ValidationError);
    const v = err as ValidationError;
    expect(v.problems).toHaveLength(500);
    expect(v.problems[499]).toBe('tasks[499].kind: unknown task kind "no.such-kind"');
    expect(v.message.startsWith('tasks[0].kind: unknown task kind "no.such-kind"; tasks[1].kind')).toBe(true);
    expect(v.message).toMatch(/tasks\[19\]\.kind: unknown task kind "no\.such-kind"; and 480 more$/);
    expect(v.message).not.toContain('tasks[20]');
  });
});

describe('shared values', () => {
  it('lets payloads refer to a value stored once with the run, and names a reference to none', () => {
    const tasks = [{ key: 'a', kind: 'test.sleep', payload: { ms: { $shared: 'delay' } } }];
    expect(problemsOf(() => planTasks(tasks))).toContain('tasks[0].payload.ms: no shared value "delay" in this run');
    const planned = planTasks(
      [{ key: 'c', kind: 'eval.converse', payload: { setId: 's', caseId: 'c', setType: 'single', turns: ['ciao'], checks: [], target: { $shared: 'target' } } }],
      new Set(['target']),
    );
    // Stored as the reference: the target config itself is in the run's row, once.
    expect((planned[0]!.payload as { target: unknown }).target).toEqual({ $shared: 'target' });
  });
});
