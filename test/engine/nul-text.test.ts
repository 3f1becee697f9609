/**
 * A NUL character (U+0000), which Postgres text and jsonb cannot hold, in what a user submits and in what a task
 * returns. A submitted one is refused before anything is stored or enqueued, naming its place (a CSV question by
 * file and line); a task's output holding one is stored with ␀ in its place, and its run goes on. Sentences
 * written for this test.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfraWithRedis, type TestInfraWithRedis } from '../helpers/infra.ts';
import { startTestWorkers, waitForRunStatus, type InProcessWorkers } from '../helpers/engine.ts';
import { jobsPerRun } from '../helpers/jobs.ts';
import { vaglio } from '../helpers/cli.ts';
import { submitRun } from '../../shared/engine/submit.ts';
import { ValidationError } from '../../shared/engine/errors.ts';

let infra: TestInfraWithRedis;
let workers: InProcessWorkers;
let dir: string;

beforeAll(async () => {
  infra = await createTestInfraWithRedis('nul_text');
  workers = await startTestWorkers(infra, ['converse', 'report', 'control']);
  dir = mkdtempSync(path.join(tmpdir(), 'vaglio-nul-'));
});
afterAll(async () => {
  await workers?.stop();
  await infra?.teardown();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const storedRuns = async () => (await infra.sql<{ n: number }[]>`select count(*)::int as n from runs`)[0]!.n;

describe('a NUL in what a user submits', () => {
  it('a CSV question holding one: vaglio run names the file and line, nothing is stored or enqueued', async () => {
    const csv = path.join(dir, 'domande.csv');
    writeFileSync(csv, 'Question,Expected response\nQuando scade il bando per educatori a Parma?,\nQuanti posti\u0000 ci sono?,\n');
    const target = path.join(dir, 'target.yaml');
    writeFileSync(target, 'type: http\nurl: http://127.0.0.1:9/chat\nbody: { message: "{{message}}" }\nresponse: { answer: answer }\n');
    const before = await storedRuns();
    const r = await vaglio(['run', csv, '--target', target, '--no-wait'], { env: { ...process.env, ...infra.env } });
    expect(r.code, r.err).not.toBe(0);
    expect(r.err).toContain(`${csv}:3 input: contains a NUL character (U+0000)`);
    expect(r.err).not.toMatch(/22P05|PostgresError/);
    expect(await storedRuns()).toBe(before);
    expect([...(await jobsPerRun(infra.redis, infra.prefix)).keys()]).toEqual([]);
  });

  it('a run request whose task payload holds one: a ValidationError naming it, nothing stored or enqueued', async () => {
    const before = await storedRuns();
    const submitted = submitRun(infra, {
      name: 'nul-payload',
      plan: 'dag',
      spec: {},
      tasks: [
        { key: 'a', kind: 'test.noop', payload: { value: 'fine' } },
        { key: 'b', kind: 'test.noop', payload: { value: { question: 'Quando\u0000 scade?' } } },
      ],
    });
    await expect(submitted).rejects.toBeInstanceOf(ValidationError);
    await expect(submitted).rejects.toMatchObject({ problems: ['tasks[1].payload.value.question: contains a NUL character (U+0000), which cannot be stored: remove it'] });
    expect(await storedRuns()).toBe(before);
    expect([...(await jobsPerRun(infra.redis, infra.prefix)).keys()]).toEqual([]);
  });
});

describe('a NUL in what a task returns', () => {
  it('is stored as ␀: the task and the ones completing with it complete on their first attempt, its dependent reads it', async () => {
    const { runId } = await submitRun(infra, {
      name: 'nul-result',
      plan: 'dag',
      spec: {},
      tasks: [
        { key: 'nul', kind: 'test.noop', payload: { value: 'risposta del chatbot', nul: true } },
        ...[1, 2, 3].map((value) => ({ key: `n${value}`, kind: 'test.noop', payload: { value } })),
        { key: 'sum', kind: 'test.sum', dependsOn: ['nul', 'n1', 'n2', 'n3'] },
      ],
    });
    expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'], 120_000)).toBe('completed');
    const tasks = await infra.sql<{ task_key: string; status: string; attempts: number }[]>`
      select task_key, status, attempts from tasks where run_id = ${runId} and task_key <> '_finalize'`;
    for (const t of tasks) expect(t, t.task_key).toMatchObject({ status: 'completed', attempts: 1 });
    const results = new Map(
      (await infra.sql<{ task_key: string; result: { value: unknown } }[]>`select task_key, result from task_results where run_id = ${runId}`).map((r) => [r.task_key, r.result]),
    );
    expect(results.get('nul')?.value).toBe('risposta del chatbot\u2400');
    expect(results.get('sum')).toMatchObject({ value: 6, inputs: 4 });
  });

  it('in the tasks a task adds to its run, is stored as ␀: the expansion and the tasks it added complete', async () => {
    const { runId } = await submitRun(infra, {
      name: 'nul-expand',
      plan: 'dag',
      spec: {},
      tasks: [
        { key: 'x', kind: 'test.expand', payload: { n: 3, nul: true } },
        { key: 'report', kind: 'test.sum', dependsOn: ['x'] },
      ],
    });
    expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'], 120_000)).toBe('completed');
    const added = await infra.sql<{ task_key: string; status: string; attempts: number; payload: { value: string } }[]>`
      select task_key, status, attempts, payload from tasks where run_id = ${runId} and task_key like 'x.x%' and kind = 'test.noop' order by task_key`;
    expect(added.map((t) => [t.task_key, t.status, t.payload.value])).toEqual([
      ['x.x1', 'completed', '1\u2400'],
      ['x.x2', 'completed', '2\u2400'],
      ['x.x3', 'completed', '3\u2400'],
    ]);
    expect((await infra.sql<{ attempts: number }[]>`select attempts from tasks where run_id = ${runId} and task_key = 'x'`)[0]?.attempts).toBe(1);
  });
});
