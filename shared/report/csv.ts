/** CSV: one row per case (RFC 4180, formula-safe cells). */
import { csvCell } from './escape.ts';
import type { ReportData } from './types.ts';

export const CSV_COLUMNS = ['run_id', 'set_id', 'case_id', 'repeat', 'tender_id', 'family', 'tags', 'outcome', 'regression', 'score', 'latency_ms', 'reason', 'failed_checks'] as const;

export function renderCsv(d: ReportData): string {
  const rows = d.cases.map((c) =>
    [
      d.run.id,
      c.setId,
      c.caseId,
      c.repeatIndex,
      c.tenderId,
      c.family,
      c.tags.join(' '),
      c.outcome,
      c.regression,
      c.score,
      c.latencyMs,
      c.reason,
      c.checks.filter((k) => k.outcome !== 'pass').map((k) => `${k.checkId}: ${k.reason}`).join(' | '),
    ]
      .map(csvCell)
      .join(','),
  );
  return [CSV_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}
