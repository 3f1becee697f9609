/** Money in reports: one format, and the run's cost split into the chatbot's and the judge's. */
import type { RunSummary } from '../eval/summary.ts';

/** `$0.0123`: four decimals, since a chatbot turn costs fractions of a cent. */
export const usd = (x: number) => `$${x.toFixed(4)}`;

export const judgeCostUsd = (s: RunSummary) => s.cost.judge.reduce((a, j) => a + j.costUsd, 0);

/** The chatbot's cost per case: over the cases that were played (total / cases), null when there were none. */
export const costPerCase = (s: RunSummary) => (s.totals.total ? s.cost.targetCostUsd / s.totals.total : null);

/** The bandi that cost the most, dearest first (summaries stored before per-bando cost read as none). */
export function dearestTenders(s: RunSummary, n: number): { tenderId: string; costUsd: number; cases: number }[] {
  return s.tenders
    .filter((t) => (t.costUsd ?? 0) > 0)
    .map((t) => ({ tenderId: t.tenderId, costUsd: t.costUsd ?? 0, cases: t.cases }))
    .sort((a, b) => b.costUsd - a.costUsd || a.tenderId.localeCompare(b.tenderId))
    .slice(0, n);
}
