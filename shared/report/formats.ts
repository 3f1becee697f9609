/** The report formats: a zod enum and an exhaustive handler map, so a new format without a renderer does not compile. */
import { z } from 'zod';
import { renderCsv } from './csv.ts';
import { renderHtml } from './html.ts';
import { renderJunit } from './junit.ts';
import type { ReportData } from './types.ts';

export const reportFormat = z.enum(['html', 'json', 'csv', 'xml']);
export type ReportFormat = z.infer<typeof reportFormat>;

export interface FormatHandler {
  render(d: ReportData): string;
  contentType: string;
  /** File name suffix after the run id. */
  suffix: string;
}

export const FORMATS: Record<ReportFormat, FormatHandler> = {
  html: { render: renderHtml, contentType: 'text/html; charset=utf-8', suffix: '.html' },
  json: { render: (d) => `${JSON.stringify(d, null, 2)}\n`, contentType: 'application/json; charset=utf-8', suffix: '.json' },
  csv: { render: renderCsv, contentType: 'text/csv; charset=utf-8', suffix: '.csv' },
  xml: { render: renderJunit, contentType: 'application/xml; charset=utf-8', suffix: '.junit.xml' },
};

export const safeFileBase = (runId: string) => runId.replace(/[^A-Za-z0-9_.-]/g, '_');
