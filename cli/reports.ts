/** Report files for a run (HTML, JSON, CSV, JUnit) written to a folder. */
import type { Sql } from '../shared/db/client.ts';
import { writeReportFiles } from '../shared/report/index.ts';

export async function writeReports(sql: Sql, runId: string, dir: string): Promise<Record<string, string>> {
  return { ...(await writeReportFiles(sql, runId, dir)) };
}
