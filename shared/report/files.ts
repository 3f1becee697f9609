/** Write the four report files of a run to a directory: <dir>/<runId>.{html,json,csv,junit.xml}. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Sql } from '../db/client.ts';
import { FORMATS, safeFileBase, type ReportFormat } from './formats.ts';
import { buildReport } from './load.ts';
import type { ReportData } from './types.ts';
import type { RunSummary } from '../eval/summary.ts';

export const renderJson = (d: ReportData): string => FORMATS.json.render(d);

/** The folder of a run's report files under the report directory (VAGLIO_REPORT_DIR): one place decides it. */
export const runReportDir = (reportDir: string, runId: string): string => path.join(reportDir, safeFileBase(runId));

export interface ReportFiles {
  html: string;
  json: string;
  csv: string;
  junit: string;
}

export async function writeReportFiles(sql: Sql, runId: string, dir: string, summary?: RunSummary | Promise<RunSummary>): Promise<ReportFiles> {
  return saveReportFiles(await buildReport(sql, runId, summary), dir);
}

/** The four files of a report already built (the report task builds it once for the files and the email). */
export async function saveReportFiles(data: ReportData, dir: string): Promise<ReportFiles> {
  await mkdir(dir, { recursive: true });
  // Run ids come from the engine, but a file path is never built from data unchecked.
  const file = (f: ReportFormat) => path.join(dir, `${safeFileBase(data.run.id)}${FORMATS[f].suffix}`);
  const files: ReportFiles = { html: file('html'), json: file('json'), csv: file('csv'), junit: file('xml') };
  const byFormat: [ReportFormat, string][] = [['html', files.html], ['json', files.json], ['csv', files.csv], ['xml', files.junit]];
  await Promise.all(byFormat.map(([f, p]) => writeFile(p, FORMATS[f].render(data))));
  return files;
}
