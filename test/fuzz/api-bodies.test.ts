/**
 * Hostile run requests: the request schema and the plan build on 10,000 random bodies (a run or a named
 * 400, never another exception), then real POST /runs against the running api (no workers, so every job
 * stays in Redis): 300 random bodies and 100 DAG bodies of 10 to 300 tasks (NUL and control characters in
 * strings, unknown fields, cycles, missing dependencies). Every answer is 201 or 400, never 500; for every
 * 201 each enqueued BullMQ job is matched to a task row and back; for every 400 nothing is stored or enqueued.
 */
import fc from 'fast-check';
import { ZodError } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../shared/config.ts';
import { PLANS, runRequestSchema } from '../../shared/plans/index.ts';
import { ValidationError } from '../../shared/engine/errors.ts';
import { TargetConfigError } from '../../shared/targets/index.ts';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { testConfig } from '../helpers/engine.ts';
import { jobsPerRun, jobTaskKeysOf, taskKeysOf } from '../helpers/jobs.ts';
import { startApi, type ApiHandle } from '../../services/api/server.ts';
import { FUZZ_RUNS, FUZZ_TEST_TIMEOUT_MS, fuzzParams } from './budget.ts';

/** NUL and other control characters (and a lone surrogate): Postgres refuses U+0000 in text. */
const nasty = fc.constantFrom('\u0000', '\u0001', '\u0007', '\u001b', '\u001f', '\u007f', '\u0085', '\u2028', '\ud800');
const withNasty = fc.tuple(fc.string({ maxLength: 5 }), nasty, fc.string({ maxLength: 5 })).map(([a, c, b]) => `${a}${c}${b}`);
/** Control characters but no NUL: storable, so a body carrying them in free text must still make its run. */
const controlText = fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0001', '\u0007', '\t', '\r\n', '\u001b[31m', '\u007f', '\u0085', '\u2028'), fc.string({ maxLength: 8 })).map(([a, c, b]) => `${a}${c}${b}`);
const plan = fc.oneof(fc.constantFrom('dag', 'eval', 'daily', 'DAG', '', '__proto__'), fc.string());
const task = fc.record(
  { key: fc.oneof(fc.constantFrom('a', 'b', 'x:y', ''), fc.string(), withNasty), kind: fc.oneof(fc.constantFrom('test.noop', 'test.sum', 'eval.converse', 'nope'), fc.string()), dependsOn: fc.array(fc.constantFrom('a', 'b', 'ghost'), { maxLength: 2 }), payload: fc.oneof(fc.constant({ value: 1 }), fc.object({ maxDepth: 1 }), withNasty.map((v) => ({ value: v })), withNasty.map((k) => ({ [k]: 1 }))) },
  { requiredKeys: [] },
);
const target = fc.record({ type: fc.constantFrom('http', 'openai', 'x'), url: fc.oneof(fc.webUrl(), fc.string()), response: fc.oneof(fc.constant({ answer: 'answer' }), fc.object({ maxDepth: 1 })) }, { requiredKeys: [] });
const requestish = fc.record(
  { plan, name: fc.oneof(fc.string(), fc.integer(), withNasty), tasks: fc.array(task, { maxLength: 4 }), sets: fc.array(fc.object({ maxDepth: 2 }), { maxLength: 2 }), target, repeat: fc.oneof(fc.integer(), fc.double()) },
  { requiredKeys: [] },
);

/**
 * What a large DAG body may carry besides valid tasks. `refused` says whether the api must answer 400: a NUL byte
 * anywhere, an unknown field (plan: dag is strict), a dependency cycle, a dependency on a missing task, an unknown
 * kind or a key with a character keys may not hold. Control characters other than NUL in free text are fine.
 */
const FLAWS = ['none', 'control-text', 'nul-in-payload', 'nul-in-name', 'unknown-task-field', 'unknown-body-field', 'proto-field', 'cycle', 'ghost-dependency', 'unknown-kind', 'bad-key'] as const;
type Flaw = (typeof FLAWS)[number];
const REFUSED: ReadonlySet<Flaw> = new Set(['nul-in-payload', 'nul-in-name', 'unknown-task-field', 'unknown-body-field', 'proto-field', 'cycle', 'ghost-dependency', 'unknown-kind', 'bad-key']);

interface BigDag {
  body: Record<string, unknown>;
  flaw: Flaw;
  tasks: number;
  /** What the 400's problems must say: the place of the flaw. */
  place?: string;
}

/**
 * A DAG of 10–300 tasks: each depends on up to 3 earlier ones (acyclic by construction), some of a batchable kind
 * (they travel several to a BullMQ job), with one flaw (or none) planted at a random task.
 */
const bigDag: fc.Arbitrary<BigDag> = fc
  .record({
    n: fc.integer({ min: 10, max: 300 }),
    edges: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 600 }),
    kinds: fc.array(fc.constantFrom('test.noop', 'test.noop', 'test.sum', 'test.batch-sleep'), { minLength: 300, maxLength: 300 }),
    // About half the bodies are fine (some with control characters), half carry one flaw each.
    flaw: fc.oneof(fc.constantFrom<Flaw>('none', 'control-text'), fc.constantFrom(...FLAWS.filter((f) => REFUSED.has(f)))),
    at: fc.nat(),
    text: controlText,
    nul: withNasty.filter((s) => s.includes('\u0000')),
    name: fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !s.includes('\u0000')),
  })
  .map(({ n, edges, kinds, flaw, at, text, nul, name }) => {
    const key = (i: number) => `n${i}.t-${i % 7}/x@${i}`;
    const deps = new Map<number, Set<number>>();
    for (const [a, b] of edges) {
      const child = (a % (n - 1)) + 1;
      const dep = b % child;
      if ((deps.get(child)?.size ?? 0) < 3) deps.set(child, (deps.get(child) ?? new Set()).add(dep));
    }
    const tasks: Record<string, unknown>[] = Array.from({ length: n }, (_, i) => {
      const kind = kinds[i]!;
      const payload = kind === 'test.batch-sleep' ? { ms: 10 } : kind === 'test.sum' ? {} : { value: `v${i}` };
      return { key: key(i), kind, payload, dependsOn: [...(deps.get(i) ?? [])].map(key) };
    });
    const t = tasks[at % n]!;
    const body: Record<string, unknown> = { plan: 'dag', name, tasks };
    if (flaw === 'control-text') {
      t.kind = 'test.noop';
      t.payload = { value: text, [text]: [text, { nested: text }] };
      body.name = `${name}${text}`.slice(0, 200);
    }
    if (flaw === 'nul-in-payload') t.payload = { value: nul };
    if (flaw === 'nul-in-name') body.name = nul;
    if (flaw === 'unknown-task-field') t.evil = true;
    if (flaw === 'unknown-body-field') body.evil = 1;
    if (flaw === 'proto-field') Object.defineProperty(body, '__proto__', { value: { admin: true }, enumerable: true });
    if (flaw === 'cycle') tasks[0]!.dependsOn = [key(n - 1)];
    if (flaw === 'ghost-dependency') t.dependsOn = [...(t.dependsOn as string[]), 'ghost'];
    if (flaw === 'unknown-kind') t.kind = 'nope.kind';
    if (flaw === 'bad-key') t.key = `${key(at % n)}:${text}`;
    // A cycle needs a path from task 0 to the last task: chain them all once.
    if (flaw === 'cycle') tasks.forEach((x, i) => i > 0 && (x.dependsOn = [...new Set([...(x.dependsOn as string[]), key(i - 1)])]));
    const i = at % n;
    const place: Partial<Record<Flaw, string>> = {
      'nul-in-payload': `tasks[${i}].payload.value: contains a NUL byte`,
      'nul-in-name': 'body.name: contains a NUL byte',
      'unknown-task-field': `tasks.${i}: Unrecognized key: "evil"`,
      'unknown-body-field': 'body: Unrecognized key: "evil"',
      'proto-field': 'body: Unrecognized key: "__proto__"',
      cycle: 'dependency cycle',
      'ghost-dependency': `tasks[${i}].dependsOn`,
      'unknown-kind': `tasks[${i}].kind: unknown task kind "nope.kind"`,
      'bad-key': `tasks.${i}.key`,
    };
    return { body, flaw, tasks: n, place: place[flaw] };
  });

// Bodies that must make a run (plan: dag is strict, so a random record with extra keys rarely is one).
const validDag = fc.record({ plan: fc.constant('dag'), name: fc.string({ minLength: 1, maxLength: 40 }), tasks: fc.constant([{ key: 'a', kind: 'test.noop' }, { key: 'b', kind: 'test.noop', dependsOn: ['a'] }]) });
const anyBody = fc.oneof(requestish, validDag, bigDag.map((d) => d.body), fc.json({ maxDepth: 3 }).map((j) => JSON.parse(j) as unknown));
const config = loadConfig({});

/** 'run' when the body would create a run, 'rejected' when it is refused with named problems. */
async function validate(body: unknown): Promise<'run' | 'rejected'> {
  const parsed = runRequestSchema.safeParse(body);
  if (!parsed.success) {
    expect(parsed.error.issues.length).toBeGreaterThan(0);
    return 'rejected';
  }
  try {
    const built = await PLANS[parsed.data.plan].build(parsed.data, { config });
    expect(Array.isArray(built.tasks)).toBe(true);
    return 'run';
  } catch (err) {
    if (err instanceof ValidationError || err instanceof ZodError || err instanceof TargetConfigError) return 'rejected';
    throw err;
  }
}

describe('fuzzing run requests', { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  it(`runRequestSchema + plan build: ${FUZZ_RUNS} random bodies → a run or named problems`, async () => {
    const seen = { n: 0 };
    const tally = { run: 0, rejected: 0 };
    await fc.assert(fc.asyncProperty(anyBody, async (b) => void tally[await validate(b)]++), fuzzParams(seen));
    expect(seen.n).toBe(FUZZ_RUNS);
    expect(tally.rejected).toBeGreaterThan(0);
    expect(tally.run).toBeGreaterThan(0);
  });

  describe('against the running api', () => {
    let infra: TestInfra;
    let api: ApiHandle;
    const token = 'fuzz-token-0123456789abcdef';
    /** Runs the api created (201), with how many tasks each was sent. */
    const created = new Map<string, number>();
    beforeAll(async () => {
      infra = await createTestInfra('fuzz_api_bodies');
      api = await startApi({ services: ['api'], config: testConfig(infra), token, port: 0, handleSignals: false });
    });
    afterAll(async () => {
      await api?.stop();
      await infra?.teardown();
    });

    const post = async (body: string) => {
      const res = await fetch(`${api.url}/runs`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body });
      const text = await res.text();
      return { status: res.status, json: (() => { try { return JSON.parse(text) as { id?: string; problems?: string[] }; } catch { return {}; } })() };
    };
    const runCount = async () => (await infra.sql<{ n: number }[]>`select count(*)::int as n from runs`)[0]!.n;
    /** A 201's run: every job enqueued for it is one of its task rows, and every task row has its job. */
    const expectJobsMatchRows = async (runId: string) => {
      const rows = await taskKeysOf(infra.sql, runId);
      expect(rows.length).toBeGreaterThan(1); // its tasks and _finalize
      expect(await jobTaskKeysOf(api.services.redis, infra.prefix, runId, 0)).toEqual(rows);
    };

    it('300 random bodies: 400 or 201, never 500; a rejected body writes and enqueues nothing', async () => {
      const statuses = new Map<number, number>();
      const seen = { n: 0 };
      const raw = fc.oneof(anyBody.map((b) => JSON.stringify(b)), fc.string({ maxLength: 100 }), fc.constantFrom('{"plan":', 'null', '[]', '"dag"', '{"plan":"dag","tasks":[{"key":"a","kind":"test.noop"'));
      await fc.assert(
        fc.asyncProperty(raw, async (body) => {
          const before = await runCount();
          const res = await post(body);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          expect([201, 400]).toContain(res.status);
          if (res.status === 201) {
            created.set(res.json.id!, 0);
            await expectJobsMatchRows(res.json.id!);
          } else {
            expect(res.json.problems?.length ?? 1).toBeGreaterThan(0);
            expect(await runCount()).toBe(before);
          }
        }),
        fuzzParams(seen, 300),
      );
      expect(seen.n).toBe(300);
      expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
      expect(await runCount()).toBe(statuses.get(201) ?? 0);
    });

    it('100 DAG bodies of 10–300 tasks: each flaw refused with its place named; each accepted run has one job per task row', async () => {
      const seen = { n: 0 };
      const tally = { accepted: 0, refused: 0, tasks: 0, largest: 0 };
      const flaws = new Set<Flaw>();
      await fc.assert(
        fc.asyncProperty(bigDag, async ({ body, flaw, tasks, place }) => {
          flaws.add(flaw);
          const before = await runCount();
          const res = await post(JSON.stringify(body));
          if (REFUSED.has(flaw)) {
            expect(res.status, flaw).toBe(400);
            expect(res.json.problems?.join('\n'), flaw).toContain(place);
            expect(await runCount()).toBe(before);
            tally.refused++;
            return;
          }
          expect(res.status, `${flaw}: ${JSON.stringify(res.json).slice(0, 300)}`).toBe(201);
          const runId = res.json.id!;
          created.set(runId, tasks);
          expect(await taskKeysOf(infra.sql, runId)).toHaveLength(tasks + 1); // + _finalize
          await expectJobsMatchRows(runId);
          tally.accepted++;
          tally.tasks += tasks;
          tally.largest = Math.max(tally.largest, tasks);
        }),
        fuzzParams(seen, 100),
      );
      expect(seen.n).toBe(100);
      console.log(`[api-bodies] 100 DAG bodies: ${tally.accepted} accepted (${tally.tasks} tasks, largest ${tally.largest}), ${tally.refused} refused; flaws seen: ${[...flaws].join(', ')}`);
      expect(tally.accepted).toBeGreaterThan(0);
      expect(tally.refused).toBeGreaterThan(0);
      expect(tally.largest).toBeGreaterThanOrEqual(100);
    });

    it('every job in Redis belongs to a run the api created (a refused body enqueued nothing)', async () => {
      const perRun = await jobsPerRun(api.services.redis, infra.prefix);
      expect([...perRun.keys()].filter((r) => !created.has(r))).toEqual([]);
      for (const runId of created.keys()) expect(perRun.get(runId) ?? 0, runId).toBeGreaterThan(0);
    });
  });
});
