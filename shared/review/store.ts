/**
 * The review loop's reads and writes (Drizzle): a stratified sample of recent machine decisions to label, the
 * labels (upserted: a reviewer may change their mind), and the labels of a mandate as calibration cases.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { refuseNul } from '../db/storable.ts';
import { caseResults, checkResults, reviewLabels, runs, transcripts } from '../db/schema/index.ts';
import { calibrationCaseSchema, type CalibrationCase, type CalibrationSet } from '../judge/calibrate.ts';
import { turnSchema, type Turn } from '../transcript.ts';
import { humanOutcome, type LabelFact } from './agreement.ts';

/** One machine decision a person can check: a judge verdict on a check, or a red-team case's decision. */
export interface ReviewItem {
  runId: string;
  taskKey: string;
  /** '' for a red-team case's decision. */
  checkId: string;
  kind: 'judge' | 'redteam';
  mandate: string;
  outcome: 'pass' | 'fail';
  reason: string;
  setId: string;
  caseId: string;
  question: string;
  answer: string;
}

type Candidate = Omit<ReviewItem, 'question' | 'answer'>;

/** Candidates read per kind: enough to stratify a page's sample, bounded for runs with thousands of checks. */
const MAX_CANDIDATES = 3000;

const order = (c: Candidate) => createHash('sha1').update(`${c.runId}\u0000${c.taskKey}\u0000${c.checkId}`).digest('hex');

/**
 * Up to `n` unlabelled decisions of the last `runs` finished runs, spread over every (mandate, outcome) stratum in
 * turn, so a mandate that fails rarely is reviewed as much as one that fails often. The order within a stratum is
 * a hash (stable between page loads, unrelated to the case's name).
 */
export async function sampleForReview(db: Db, opts: { runs: number; n: number }): Promise<ReviewItem[]> {
  const recent = (await db.select({ id: runs.id }).from(runs).where(inArray(runs.status, ['completed', 'failed'])).orderBy(desc(runs.createdAt)).limit(opts.runs)).map((r) => r.id);
  if (!recent.length) return [];
  const unlabelled = (checkId: typeof checkResults.checkId | ReturnType<typeof sql>) => sql`not exists (select 1 from ${reviewLabels} l
    where l.run_id = ${caseResults.runId} and l.task_key = ${caseResults.taskKey} and l.check_id = ${checkId})`;
  const [judged, red] = await Promise.all([
    db
      .select({ runId: checkResults.runId, taskKey: checkResults.taskKey, checkId: checkResults.checkId, mandate: checkResults.mandateId, outcome: checkResults.outcome, reason: checkResults.reason, setId: caseResults.setId, caseId: caseResults.caseId })
      .from(checkResults)
      .innerJoin(caseResults, and(eq(caseResults.runId, checkResults.runId), eq(caseResults.taskKey, checkResults.taskKey)))
      .where(and(inArray(checkResults.runId, recent), eq(checkResults.source, 'llm'), isNotNull(checkResults.mandateId), inArray(checkResults.outcome, ['pass', 'fail']), unlabelled(checkResults.checkId)))
      .limit(MAX_CANDIDATES),
    db
      .select({ runId: caseResults.runId, taskKey: caseResults.taskKey, outcome: caseResults.outcome, reason: caseResults.reason, setId: caseResults.setId, caseId: caseResults.caseId, branch: sql<string>`substr(${caseResults.setId}, 9)` })
      .from(caseResults)
      .where(and(inArray(caseResults.runId, recent), eq(caseResults.family, 'redteam'), inArray(caseResults.outcome, ['pass', 'fail']), unlabelled(sql`''`)))
      .limit(MAX_CANDIDATES),
  ]);
  const candidates: Candidate[] = [
    ...judged.map((j) => ({ ...j, kind: 'judge' as const, mandate: j.mandate ?? '', outcome: j.outcome as 'pass' | 'fail' })),
    ...red.map((r) => ({ runId: r.runId, taskKey: r.taskKey, checkId: '', kind: 'redteam' as const, mandate: `redteam/${r.branch || 'unknown'}`, outcome: r.outcome as 'pass' | 'fail', reason: r.reason, setId: r.setId, caseId: r.caseId })),
  ];
  const strata = new Map<string, Candidate[]>();
  for (const c of candidates.sort((a, b) => order(a).localeCompare(order(b)))) {
    const k = `${c.mandate}\u0000${c.outcome}`;
    strata.set(k, [...(strata.get(k) ?? []), c]);
  }
  const lists = [...strata.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, l]) => l);
  const picked: Candidate[] = [];
  for (let i = 0; picked.length < opts.n && lists.some((l) => l.length > i); i++) {
    for (const l of lists) if (l[i] && picked.length < opts.n) picked.push(l[i]!);
  }
  const turns = await lastTurns(db, picked);
  return picked.map((c) => {
    const t = turns.get(`${c.runId}\u0000${c.taskKey}`);
    const last = t?.[t.length - 1];
    return { ...c, question: last?.user ?? '', answer: last?.assistant ?? '' };
  });
}

async function lastTurns(db: Db, items: { runId: string; taskKey: string }[]): Promise<Map<string, Turn[]>> {
  if (!items.length) return new Map();
  const rows = await db
    .select({ runId: transcripts.runId, taskKey: transcripts.taskKey, turns: transcripts.turns })
    .from(transcripts)
    .where(or(...items.map((i) => and(eq(transcripts.runId, i.runId), eq(transcripts.taskKey, i.taskKey)))));
  return new Map(rows.map((r) => [`${r.runId}\u0000${r.taskKey}`, (r.turns ?? []).flatMap((t) => {
    const p = turnSchema.safeParse(t);
    // The raw response body is for debugging; a calibration item keeps what the judge read.
    return p.success ? [{ ...p.data, raw: undefined }] : [];
  })]));
}

/** A reviewer's verdict on one machine decision (the label endpoint's body). A NUL in it is refused, naming the field. */
export const labelInputSchema = z
  .strictObject({
    runId: z.string().min(1).max(200),
    taskKey: z.string().min(1).max(500),
    /** The judged check; '' for a red-team case's decision. */
    checkId: z.string().max(200),
    agree: z.boolean(),
    note: z.string().max(2000).default(''),
  })
  .superRefine(refuseNul);
export type LabelInput = z.input<typeof labelInputSchema>;

/**
 * Stores (or replaces) a label, with a snapshot of the decision and the judge's input; undefined when there is no
 * such decision. Throws a ZodError naming the field for input the label cannot hold.
 */
export async function saveLabel(db: Db, given: LabelInput): Promise<LabelFact | undefined> {
  const l = labelInputSchema.parse(given);
  let decided: { kind: 'judge' | 'redteam'; mandate: string; outcome: string; reason: string } | undefined;
  if (l.checkId) {
    const c = (await db.select({ mandate: checkResults.mandateId, outcome: checkResults.outcome, reason: checkResults.reason }).from(checkResults)
      .where(and(eq(checkResults.runId, l.runId), eq(checkResults.taskKey, l.taskKey), eq(checkResults.checkId, l.checkId), eq(checkResults.source, 'llm'))))[0];
    if (c?.mandate) decided = { kind: 'judge', mandate: c.mandate, outcome: c.outcome, reason: c.reason };
  } else {
    const c = (await db.select({ setId: caseResults.setId, outcome: caseResults.outcome, reason: caseResults.reason, family: caseResults.family }).from(caseResults)
      .where(and(eq(caseResults.runId, l.runId), eq(caseResults.taskKey, l.taskKey))))[0];
    if (c?.family === 'redteam') decided = { kind: 'redteam', mandate: `redteam/${c.setId.slice(8) || 'unknown'}`, outcome: c.outcome, reason: c.reason };
  }
  if (!decided || (decided.outcome !== 'pass' && decided.outcome !== 'fail')) return undefined;
  const machineOutcome: 'pass' | 'fail' = decided.outcome;
  const turns = (await lastTurns(db, [l])).get(`${l.runId}\u0000${l.taskKey}`) ?? [];
  const last = turns[turns.length - 1];
  const input = { question: last?.user ?? '', answer: last?.assistant ?? '', transcript: { turns } };
  const row = { ...l, kind: decided.kind, mandate: decided.mandate, machineOutcome, machineReason: decided.reason, input };
  const [saved] = await db
    .insert(reviewLabels)
    .values(row)
    .onConflictDoUpdate({ target: [reviewLabels.runId, reviewLabels.taskKey, reviewLabels.checkId], set: { agree: l.agree, note: l.note, createdAt: new Date() } })
    .returning({ mandate: reviewLabels.mandate, machineOutcome: reviewLabels.machineOutcome, agree: reviewLabels.agree, createdAt: reviewLabels.createdAt });
  return saved;
}

export async function labelFacts(db: Db, mandate?: string): Promise<LabelFact[]> {
  return db
    .select({ mandate: reviewLabels.mandate, machineOutcome: reviewLabels.machineOutcome, agree: reviewLabels.agree, createdAt: reviewLabels.createdAt })
    .from(reviewLabels)
    .where(mandate ? eq(reviewLabels.mandate, mandate) : undefined)
    .orderBy(reviewLabels.createdAt);
}

/** A mandate's judge labels as calibration cases: the human's outcome is the label, the note says why. */
export async function reviewedCalibrationCases(db: Db, mandate: string): Promise<CalibrationCase[]> {
  const rows = await db.select().from(reviewLabels).where(and(eq(reviewLabels.kind, 'judge'), eq(reviewLabels.mandate, mandate))).orderBy(reviewLabels.id);
  return rows.flatMap((r) => {
    const c = calibrationCaseSchema.safeParse({
      id: `review-${r.id}`,
      label: humanOutcome(r),
      note: `${r.agree ? 'agreed with' : 'disagreed with'} the judge's ${r.machineOutcome} (run ${r.runId}, ${r.taskKey}/${r.checkId})${r.note ? `: ${r.note}` : ''}`,
      input: r.input,
    });
    return c.success ? [c.data] : [];
  });
}

/** A calibration set with the mandate's reviewed labels appended (what `vaglio judge calibrate` measures). */
export async function withReviewedCases(db: Db, set: CalibrationSet): Promise<{ set: CalibrationSet; reviewed: number }> {
  const reviewed = await reviewedCalibrationCases(db, set.mandate);
  return { set: { ...set, cases: [...set.cases, ...reviewed] }, reviewed: reviewed.length };
}
