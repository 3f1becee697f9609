/**
 * The stored regression set: every case filed through POST /feedback is kept in Postgres, replayed by every
 * daily run (the `eval.regressions` task) and open until its latest judged result is a pass.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { caseResults, regressionCases } from '../db/schema/index.ts';
import { testSetSchema, type TestSet } from '../scenarios/index.ts';

type SetType = 'single' | 'conversation';
type CaseInput = TestSet['cases'][number];

/** The set ids regression cases are played under (their case results carry them). */
export const REGRESSION_SET_IDS: Record<SetType, string> = { single: 'regressions-single', conversation: 'regressions-conversation' };

export interface RegressionView {
  id: string;
  setType: SetType;
  source: 'feedback' | 'capture';
  note: string | null;
  createdAt: Date;
  /** open: never played, or its latest result is not a pass; green: its latest result is a pass. */
  status: 'open' | 'green';
  last: { runId: string; outcome: string; reason: string; at: Date } | null;
  case: unknown;
}

/** Files a case (validated as a one-case set first: a case that could not be replayed is refused now). */
export async function fileRegression(db: Db, c: { setType: SetType; case: CaseInput }, source: 'feedback' | 'capture' = 'feedback'): Promise<RegressionView> {
  testSetSchema.parse({ id: REGRESSION_SET_IDS[c.setType], type: c.setType, cases: [c.case] });
  const [row] = await db
    .insert(regressionCases)
    .values({ id: c.case.id, setType: c.setType, spec: c.case, source, note: c.case.notes ?? null })
    .returning();
  return { ...row!, status: 'open', last: null, case: row!.spec };
}

export async function listRegressions(db: Db, f: { status?: 'open' | 'green' } = {}): Promise<RegressionView[]> {
  const rows = await db.select().from(regressionCases).orderBy(desc(regressionCases.createdAt));
  if (rows.length === 0) return [];
  // Latest judged result per case (an LLM verdict still pending is not a result yet).
  const latest = await db
    .selectDistinctOn([caseResults.caseId], {
      caseId: caseResults.caseId,
      runId: caseResults.runId,
      outcome: caseResults.outcome,
      reason: caseResults.reason,
      at: caseResults.updatedAt,
    })
    .from(caseResults)
    .where(
      and(
        inArray(caseResults.setId, Object.values(REGRESSION_SET_IDS)),
        inArray(caseResults.caseId, rows.map((r) => r.id)),
        eq(caseResults.pendingLlm, false),
      ),
    )
    .orderBy(caseResults.caseId, desc(caseResults.updatedAt));
  const byCase = new Map(latest.map((l) => [l.caseId, l]));
  const views = rows.map((r): RegressionView => {
    const l = byCase.get(r.id);
    return {
      id: r.id,
      setType: r.setType,
      source: r.source,
      note: r.note,
      createdAt: r.createdAt,
      status: l?.outcome === 'pass' ? 'green' : 'open',
      last: l ? { runId: l.runId, outcome: l.outcome, reason: l.reason, at: l.at } : null,
      case: r.spec,
    };
  });
  return f.status ? views.filter((v) => v.status === f.status) : views;
}

/**
 * Every stored case as test sets (one per set type), to replay. A stored case the current schema refuses is
 * left out and named in `refused`, so one old case never stops the day's run.
 */
export async function regressionSets(db: Db): Promise<{ sets: TestSet[]; refused: { id: string; problem: string }[] }> {
  const rows = await db.select().from(regressionCases).orderBy(regressionCases.createdAt);
  const refused: { id: string; problem: string }[] = [];
  const sets: TestSet[] = [];
  for (const type of ['single', 'conversation'] as const) {
    const cases = rows.filter((r) => r.setType === type).flatMap((r) => {
      const one = testSetSchema.safeParse({ id: REGRESSION_SET_IDS[type], type, cases: [r.spec] });
      if (one.success) return [r.spec];
      refused.push({ id: r.id, problem: one.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
      return [];
    });
    if (cases.length) sets.push(testSetSchema.parse({ id: REGRESSION_SET_IDS[type], name: 'Regressioni', type, tags: ['regression'], cases }));
  }
  return { sets, refused };
}
