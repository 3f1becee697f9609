/** Report files for a run (HTML, JSON, CSV, JUnit): the ones its report task wrote, or written to a folder asked for. */
import type { Sql } from '../shared/db/client.ts';
import { writeReportFiles } from '../shared/report/index.ts';

/**
 * With `out`, the files are written there. Without, the files the run's report task wrote are used as they are;
 * they are written to `dir` only when that task left none (it failed, or the plan has none).
 */
export async function writeReports(sql: Sql, runId: string, dir: string, out?: string): Promise<Record<string, string>> {
  if (!out) {
    const rows = await sql<{ files: Record<string, string> | null }[]>`
      select result->'files' as files from task_results t join tasks k using (run_id, task_key)
      where t.run_id = ${runId} and k.kind = 'eval.report' and k.status = 'completed'`;
    const files = rows[0]?.files;
    if (files && Object.keys(files).length) return files;
  }
  return { ...(await writeReportFiles(sql, runId, out ?? dir)) };
}
