/** Report files for a run (HTML, JSON, CSV, JUnit): the ones its report task wrote, or written to a folder asked for. */
import { and, eq, sql as frag } from 'drizzle-orm';
import { drizzleOf, type Sql } from '../shared/db/client.ts';
import { taskResults, tasks } from '../shared/db/schema/index.ts';
import { writeReportFiles } from '../shared/report/index.ts';

/**
 * With `out`, the files are written there. Without, the files the run's report task wrote are used as they are;
 * they are written to `dir` only when that task left none (it failed, or the plan has none).
 */
export async function writeReports(sql: Sql, runId: string, dir: string, out?: string): Promise<Record<string, string>> {
  if (!out) {
    const rows = await drizzleOf(sql)
      .select({ files: frag<Record<string, string> | null>`${taskResults.result}->'files'` })
      .from(taskResults)
      .innerJoin(tasks, and(eq(tasks.runId, taskResults.runId), eq(tasks.taskKey, taskResults.taskKey)))
      .where(and(eq(taskResults.runId, runId), eq(tasks.kind, 'eval.report'), eq(tasks.status, 'completed')));
    const files = rows[0]?.files;
    if (files && Object.keys(files).length) return files;
  }
  return { ...(await writeReportFiles(sql, runId, out ?? dir)) };
}
