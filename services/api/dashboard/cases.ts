/**
 * The run page's case list for real volumes: filtered, searched and paginated in Postgres (Drizzle), failures
 * first, plus the facets the filter form offers. Only the shown page's cases and their non-passing checks load.
 */
import { and, asc, count, eq, exists, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../shared/db/client.ts';
import { caseResults, checkResults } from '../../../shared/db/schema/index.ts';
import { NO_FAMILY } from '../../../shared/report/fragments.ts';
import { OUTCOMES, type Outcome } from '../../../shared/transcript.ts';

export const PAGE_SIZE = 50;

const text = z.string().trim().min(1).max(200).optional().catch(undefined);
/** The query string of /dashboard/runs/:id; a bad value is ignored (the form offers only valid ones). */
export const caseFilterSchema = z.object({
  outcome: z.enum([...OUTCOMES, 'not-pass']).optional().catch(undefined),
  family: text,
  tender: text,
  check: text,
  branch: text,
  q: text,
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type CaseFilter = z.infer<typeof caseFilterSchema>;

export interface CaseListRow {
  taskKey: string;
  setId: string;
  caseId: string;
  repeatIndex: number;
  tenderId: string | null;
  family: string | null;
  branch: string | null;
  outcome: Outcome;
  reason: string;
  regression: boolean;
  failedChecks: { checkId: string; type: string; outcome: Outcome; reason: string }[];
}

export interface Facets {
  outcomes: Record<string, number>;
  families: string[];
  tenders: string[];
  checkTypes: string[];
  branches: string[];
}

export interface CaseList {
  rows: CaseListRow[];
  /** Cases matching the filter (all pages). */
  total: number;
  page: number;
  pages: number;
  facets: Facets;
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** Red-team cases are tagged [branch, technique, pattern, transform, ...owasp] (shared/tasks/redteam.ts). */
const branchOf = sql<string | null>`case when ${caseResults.family} = 'redteam' then ${caseResults.tags}[1] end`;

function whereOf(db: Db, runId: string, f: CaseFilter): SQL | undefined {
  const sameCase = and(eq(checkResults.runId, caseResults.runId), eq(checkResults.taskKey, caseResults.taskKey));
  const q = f.q ? likePattern(f.q) : null;
  return and(
    eq(caseResults.runId, runId),
    f.outcome === 'not-pass' ? ne(caseResults.outcome, 'pass') : f.outcome ? eq(caseResults.outcome, f.outcome) : undefined,
    f.family === NO_FAMILY ? isNull(caseResults.family) : f.family ? eq(caseResults.family, f.family) : undefined,
    f.tender ? eq(caseResults.tenderId, f.tender) : undefined,
    f.branch ? and(eq(caseResults.family, 'redteam'), sql`${caseResults.tags}[1] = ${f.branch}`) : undefined,
    // A case judged by a check of this type; for a case that did not pass, a check of this type that did not pass.
    f.check
      ? exists(
          db
            .select({ one: sql`1` })
            .from(checkResults)
            .where(and(sameCase, eq(checkResults.type, f.check), or(eq(caseResults.outcome, 'pass'), ne(checkResults.outcome, 'pass')))),
        )
      : undefined,
    q
      ? or(
          ilike(caseResults.caseId, q),
          ilike(caseResults.setId, q),
          ilike(caseResults.taskKey, q),
          ilike(caseResults.tenderId, q),
          ilike(caseResults.reason, q),
          sql`array_to_string(${caseResults.tags}, ' ') ilike ${q}`,
          exists(db.select({ one: sql`1` }).from(checkResults).where(and(sameCase, or(ilike(checkResults.checkId, q), ilike(checkResults.reason, q))))),
        )
      : undefined,
  );
}

async function facets(db: Db, runId: string): Promise<Facets> {
  const inRun = eq(caseResults.runId, runId);
  const [outcomes, families, tenders, checkTypes, branches] = await Promise.all([
    db.select({ k: caseResults.outcome, n: count() }).from(caseResults).where(inRun).groupBy(caseResults.outcome),
    db.selectDistinct({ k: caseResults.family }).from(caseResults).where(inRun).orderBy(asc(caseResults.family)),
    db.selectDistinct({ k: caseResults.tenderId }).from(caseResults).where(inRun).orderBy(asc(caseResults.tenderId)),
    db.selectDistinct({ k: checkResults.type }).from(checkResults).where(eq(checkResults.runId, runId)).orderBy(asc(checkResults.type)),
    db.selectDistinct({ k: branchOf }).from(caseResults).where(and(inRun, eq(caseResults.family, 'redteam'))).orderBy(asc(branchOf)),
  ]);
  const present = <T>(xs: { k: T | null }[]) => xs.map((x) => x.k).filter((k): k is T => k !== null);
  return {
    outcomes: Object.fromEntries(outcomes.map((o) => [o.k, o.n])),
    families: [...present(families), ...(families.some((f) => f.k === null) ? [NO_FAMILY] : [])],
    tenders: present(tenders),
    checkTypes: present(checkTypes),
    branches: present(branches),
  };
}

/** One page of the run's cases matching `f`: regressions, then fail, error, invalid, pass. */
export async function listCases(db: Db, runId: string, f: CaseFilter, regressions: string[]): Promise<CaseList> {
  const where = whereOf(db, runId, f);
  const regressed = regressions.length ? sql`${caseResults.taskKey} in ${regressions}` : sql`false`;
  const rank = sql`case when ${regressed} then 0 when ${caseResults.outcome} = 'fail' then 1 when ${caseResults.outcome} = 'error' then 2
    when ${caseResults.outcome} = 'invalid' then 3 else 4 end`;
  const [[counted], fs] = await Promise.all([db.select({ n: count() }).from(caseResults).where(where), facets(db, runId)]);
  const total = counted?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(f.page, pages);
  const rows = await db
    .select({
      taskKey: caseResults.taskKey,
      setId: caseResults.setId,
      caseId: caseResults.caseId,
      repeatIndex: caseResults.repeatIndex,
      tenderId: caseResults.tenderId,
      family: caseResults.family,
      branch: branchOf,
      outcome: caseResults.outcome,
      reason: caseResults.reason,
    })
    .from(caseResults)
    .where(where)
    .orderBy(rank, asc(caseResults.setId), asc(caseResults.caseId), asc(caseResults.repeatIndex))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  const keys = rows.map((r) => r.taskKey);
  const checks = keys.length
    ? await db
        .select({ taskKey: checkResults.taskKey, checkId: checkResults.checkId, type: checkResults.type, outcome: checkResults.outcome, reason: checkResults.reason })
        .from(checkResults)
        .where(and(eq(checkResults.runId, runId), inArray(checkResults.taskKey, keys), ne(checkResults.outcome, 'pass')))
        .orderBy(asc(checkResults.checkId))
    : [];
  const regressionSet = new Set(regressions);
  return {
    rows: rows.map((r) => ({
      ...r,
      outcome: r.outcome as Outcome,
      regression: regressionSet.has(r.taskKey),
      failedChecks: checks.filter((c) => c.taskKey === r.taskKey).map((c) => ({ checkId: c.checkId, type: c.type, outcome: c.outcome as Outcome, reason: c.reason })),
    })),
    total,
    page,
    pages,
    facets: fs,
  };
}
