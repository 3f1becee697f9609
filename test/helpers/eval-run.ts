/** An eval run of some test sets against a JSON chatbot, played by in-process workers, for end-to-end tests. */
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestInfraWithRedis, type TestInfra, type TestInfraWithRedis } from './infra.ts';
import { startAnsweringBot, type BotReply, type JsonBot } from './json-bot.ts';
import { startTestWorkers, waitForRunStatus } from './engine.ts';
import { evalPlan, evalPlanSchema } from '../../shared/plans/eval.ts';
import { submitRun } from '../../shared/engine/submit.ts';
import type { TestSet } from '../../shared/scenarios/index.ts';
import type { TaskSpec } from '../../shared/engine/dag.ts';

/**
 * Plays `sets` against the bot at `botUrl` (`{message}` in, `{answer}` out) until the run completes; its id.
 * `reshape` changes the eval plan's tasks before they are submitted (e.g. to put a tender's verdict in between).
 */
export async function runEvalOnBot(
  infra: TestInfra,
  redis: Redis,
  a: {
    name: string;
    sets: TestSet[];
    botUrl: string;
    workerEnv: Record<string, string>;
    reshape?: (tasks: TaskSpec[]) => TaskSpec[];
    /** The target's response mapping (default: the answer at `answer`). */
    response?: Record<string, unknown>;
  },
): Promise<string> {
  const workers = await startTestWorkers(infra, ['converse', 'judge', 'report', 'control'], a.workerEnv);
  try {
    const target = { type: 'http', name: 'bot', url: a.botUrl, body: { message: '{{message}}' }, response: a.response ?? { answer: 'answer' } };
    const input = evalPlanSchema.parse({ plan: 'eval', name: a.name, sets: a.sets, target });
    const built = await evalPlan.build(input, { config: workers.config });
    const tasks = a.reshape ? a.reshape(built.tasks) : built.tasks;
    const { runId } = await submitRun({ sql: infra.sql, redis, prefix: infra.prefix }, { name: a.name, plan: 'eval', spec: {}, tasks, shared: built.shared });
    expect(await waitForRunStatus(infra.sql, runId, ['completed', 'failed'], 60_000)).toBe('completed');
    return runId;
  } finally {
    await workers.stop();
  }
}

/** case id → the task key its result is stored under. */
export async function caseKeysOf(infra: TestInfra, runId: string): Promise<Map<string, string>> {
  const rows = await infra.sql<{ case_id: string; task_key: string }[]>`select case_id, task_key from case_results where run_id = ${runId}`;
  return new Map(rows.map((r) => [r.case_id, r.task_key]));
}

export interface BotUnderTest {
  infra: TestInfraWithRedis;
  bot: JsonBot;
}

/**
 * For a test file evaluating a JSON chatbot: its own database, BullMQ prefix and Redis connection, and a bot answering
 * from `replies` (see startAnsweringBot), started before the file's tests and stopped after them. The fields are set
 * once the file's tests run.
 */
export function useAnsweringBot(name: string, replies: Record<string, BotReply>, otherwise?: BotReply): BotUnderTest {
  const env = {} as BotUnderTest;
  beforeAll(async () => {
    env.infra = await createTestInfraWithRedis(name);
    env.bot = await startAnsweringBot(replies, otherwise);
  });
  afterAll(async () => {
    await env.bot?.close();
    await env.infra?.teardown();
  });
  return env;
}
