/** Public API of run reports: load once, render as HTML/JSON/CSV/JUnit, write files, gate CI, email. */
export { buildReport, loadSummary, withPrevious } from './load.ts';
export { digestSections, digestSubject, tenderStates, type DigestSection, type TenderState } from './digest.ts';
export { renderHtml } from './html.ts';
export { renderCsv } from './csv.ts';
export { renderJunit } from './junit.ts';
export { renderJson, runReportDir, saveReportFiles, writeReportFiles, type ReportFiles } from './files.ts';
export { FORMATS, reportFormat, type ReportFormat } from './formats.ts';
export { gate, gateDecision, type GateDecision, type GateOptions, type GateResult } from './gate.ts';
export { sendRunEmail, emailSubject, emailBodies, emailConfigSchema, type EmailConfig } from './email.ts';
export { esc, highlight } from './escape.ts';
export type * from './types.ts';
