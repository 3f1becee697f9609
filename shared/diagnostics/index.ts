/** Public API of the embedding-collection diagnostics library (the service entry calls these). */
export { diagnose, diagnoseOptionsSchema, type DiagnoseOptions } from './diagnose.ts';
export { openSource, sourceConfigSchema, SOURCE_FACTORIES, type SourceConfig, type SourceDeps, type SourceType } from './sources/index.ts';
export { saveDiagnostics, previousDiagnostics, listDiagnostics, type StoredDiagnostics } from './store.ts';
export { thresholdsSchema, CHECKS, type Check, type Thresholds, type ThresholdName } from './thresholds.ts';
export { diagnosticsMetricsSchema, type DiagnosticsMetrics, type DiagnosticsReport, type PreviousDiagnostics } from './report.ts';
export type { VectorRecord, VectorSource } from './types.ts';
