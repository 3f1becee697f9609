/** Mutation runs in Postgres (Drizzle): saved once, listed per source run, read by the dashboard and the API. */
import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mutationRuns } from '../db/schema/mutation.ts';
import { storable } from '../db/storable.ts';
import type { MutationSummary } from './report.ts';

export function newMutationId(now = new Date()): string {
  return `mut_${now.toISOString().replace(/\D/g, '').slice(0, 14)}_${randomBytes(4).toString('hex')}`;
}

/** Stored through `storable`: a survivor's detail quotes the mutated answer and the checks' reasons. */
export async function saveMutationRun(db: Db, id: string, operators: string[], given: MutationSummary): Promise<void> {
  const s = storable(given);
  await db.insert(mutationRuns).values({
    id,
    sourceRunId: s.sourceRunId,
    operators,
    mutants: s.mutants,
    killed: s.killed,
    survived: s.survived,
    notApplicable: s.notApplicable,
    score: s.score,
    overallScore: s.overallScore,
    minScore: s.minScore ?? null,
    gatePassed: s.gate?.passed ?? null,
    summary: s,
  });
}

export async function getMutationRun(db: Db, id: string) {
  return (await db.select().from(mutationRuns).where(eq(mutationRuns.id, id)))[0];
}

/** The mutation runs of a source run, newest first (without their summaries). */
export async function listMutationRuns(db: Db, sourceRunId: string) {
  return db
    .select({ id: mutationRuns.id, createdAt: mutationRuns.createdAt, score: mutationRuns.score, mutants: mutationRuns.mutants, killed: mutationRuns.killed, survived: mutationRuns.survived })
    .from(mutationRuns)
    .where(eq(mutationRuns.sourceRunId, sourceRunId))
    .orderBy(desc(mutationRuns.createdAt));
}
