/**
 * What a failed task keeps of its error (tasks.error, the dead letter's error and stack, as the API and the
 * dashboard show them, and BullMQ's failed job): a database error by its class and SQLSTATE, never its text,
 * which is the statement and its parameters (here a citizen's question). Any text can be recorded: a NUL in
 * it (which Postgres text cannot hold) no longer leaves the task without a recorded outcome.
 */
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfraWithRedis, type TestInfraWithRedis } from '../helpers/infra.ts';
import { startTestWorkers, waitForRunStatus, type InProcessWorkers } from '../helpers/engine.ts';
import { startDashboardApi, type DashboardApi } from '../helpers/dashboard-api.ts';
import { submitRun } from '../../shared/engine/submit.ts';

const SENTENCE = 'Posso partecipare al concorso di Lecce se ho la licenza media e una invalidità civile?';
const token = 'task-errors-token-0123456789';

let infra: TestInfraWithRedis;
let workers: InProcessWorkers;
let api: DashboardApi;

beforeAll(async () => {
  infra = await createTestInfraWithRedis('task_errors');
  workers = await startTestWorkers(infra, ['converse', 'report', 'control']);
  api = await startDashboardApi(infra, token);
});
afterAll(async () => {
  await api?.close();
  await workers?.stop();
  await infra?.teardown();
});

const get = async (p: string) => (await fetch(`${api.base}${p}`, { headers: { authorization: `Bearer ${token}` } })).text();

describe('a failed task records its error', () => {
  it('by class and SQLSTATE, never the statement and its parameters, nor a NUL', async () => {
    const { runId } = await submitRun(infra, {
      name: 'task-errors',
      plan: 'dag',
      spec: {},
      tasks: [
        { key: 'db', kind: 'test.db-fail', payload: { text: SENTENCE } },
        { key: 'db-nul', kind: 'test.db-fail', payload: { text: SENTENCE, nul: true } },
        { key: 'nul', kind: 'test.fail', payload: { message: 'the target said no and stopped', nul: true } },
      ],
    });
    // Not the engine's patience: a task whose failure could not be recorded would leave the run running.
    expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'], 60_000)).toBe('failed');
    const rows = await infra.sql<{ task_key: string; status: string; error: string }[]>`select task_key, status, error from tasks where run_id = ${runId}`;
    const byKey = new Map(rows.map((r) => [r.task_key, r]));
    expect(byKey.get('db')).toMatchObject({ status: 'failed', error: expect.stringContaining('PostgresError 23503 (table recovery_baselines, constraint') });
    expect(byKey.get('db-nul')).toMatchObject({ status: 'failed', error: expect.stringContaining('PostgresError 22021') });
    expect(byKey.get('nul')).toMatchObject({ status: 'failed', error: 'the target said no and stopped\u2400' });

    const letters = await infra.sql<{ task_key: string; error: string; stack: string | null }[]>`select task_key, error, stack from dead_letters where run_id = ${runId}`;
    expect(letters.map((l) => l.task_key).sort()).toEqual(['db', 'db-nul', 'nul']);
    for (const l of letters) {
      expect(l.error).toBe(byKey.get(l.task_key)!.error);
      expect(l.stack, l.task_key).toMatch(/\n\s+at /);
    }
    const stored = JSON.stringify([rows, letters]);
    expect(stored).not.toContain('Lecce');
    expect(stored).not.toContain('recovery_baselines"');

    // What the API and the dashboard's dead-letter page show.
    // (The payload, the case as given, holds the question: what is withheld is the error's copy of it.)
    const listed = JSON.parse(await get(`/dead-letters?runId=${encodeURIComponent(runId)}`)) as { deadLetters: { error: string; stack: string }[] };
    expect(listed.deadLetters).toHaveLength(3);
    const page = await get('/dashboard/dead-letters');
    for (const shown of [JSON.stringify(listed.deadLetters.map((d) => [d.error, d.stack])), page]) {
      expect(shown).toContain('23503');
      expect(shown).toContain('22021');
      expect(shown).not.toContain('Lecce');
      expect(shown).not.toContain('insert into');
    }
    // BullMQ's copy (Bull Board shows it) holds no more than Postgres.
    const queue = new Queue('converse', { connection: infra.redis, prefix: infra.prefix });
    const failed = await queue.getFailed();
    await queue.close();
    expect(failed.length).toBeGreaterThan(0);
    for (const j of failed) {
      expect(j.failedReason).not.toContain('Lecce');
      expect(JSON.stringify(j.stacktrace)).not.toContain('Lecce');
    }
  });
});
