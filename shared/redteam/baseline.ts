/**
 * Recovery baselines: a scenario's recovery question asked on a fresh conversation, once per distinct question
 * per run (stored in recovery_baselines, reused by every scenario that ends with it). A recovery answer only
 * counts as a failed recovery when it is worse than this baseline: a chatbot that answers a question the same
 * way with or without the attack before it has recovered.
 */
import { hash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { and, eq } from 'drizzle-orm';
import { drizzleOf, type Sql } from '../db/client.ts';
import { recoveryBaselines } from '../db/schema/index.ts';
import { storableText } from '../db/storable.ts';
import type { Target } from '../targets/index.ts';
import { playCase } from '../eval/play.ts';
import { sleep } from '../ratelimit/sleep.ts';

export interface RecoveryBaseline {
  question: string;
  /** The fresh conversation's answer. */
  answer: string;
}

export interface BaselineDeps {
  sql: Sql;
  redis: Redis;
  prefix: string;
  runId: string;
  signal: AbortSignal;
}

const questionHash = (q: string) => hash('sha256', q, 'hex').slice(0, 32);
/** Long enough for one question with the target's own retries; a holder that died lets go after it. */
const LOCK_MS = 120_000;
const POLL_MS = 200;

async function stored(d: BaselineDeps, h: string): Promise<RecoveryBaseline | undefined> {
  const b = recoveryBaselines;
  const rows = await drizzleOf(d.sql).select({ question: b.question, answer: b.answer }).from(b).where(and(eq(b.runId, d.runId), eq(b.questionHash, h)));
  return rows[0];
}

/**
 * The baseline answer to `question` for this run: read when stored, else played by exactly one task of the run
 * (a Redis lock; the others wait for the row), so the target is asked once however many scenarios share it.
 */
export async function recoveryBaseline(d: BaselineDeps, target: Target, question: string): Promise<RecoveryBaseline> {
  const h = questionHash(question);
  const lock = `${d.prefix}:recovery-baseline:${d.runId}:${h}`;
  for (;;) {
    const have = await stored(d, h);
    if (have) return have;
    if (await d.redis.set(lock, '1', 'PX', LOCK_MS, 'NX')) {
      try {
        const again = await stored(d, h);
        if (again) return again;
        const played = await playCase(target, [question], {}, d.signal);
        const answer = played.transcript.turns[0]?.assistant;
        // Not stored: the task fails and is retried, and the next attempt asks again.
        if (played.error || answer == null) throw new Error(`recovery baseline "${question.slice(0, 80)}": ${played.error ?? 'no answer'}`);
        // As stored (a NUL as ␀), so this task compares against what the others will read.
        const b: RecoveryBaseline = { question, answer: storableText(answer) };
        await drizzleOf(d.sql).insert(recoveryBaselines).values({ runId: d.runId, questionHash: h, question, answer: b.answer }).onConflictDoNothing();
        return b;
      } finally {
        await d.redis.del(lock);
      }
    }
    await sleep(POLL_MS, d.signal);
  }
}
