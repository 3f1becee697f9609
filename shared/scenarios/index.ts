/** The test-case model's public surface. */
export * from './schema.ts';
export { ScenarioError, formatProblem, formatPath, type ScenarioProblem } from './errors.ts';
export { loadScenarioFile, loadScenarios, parseScenarioText, SCENARIO_EXTENSIONS } from './load.ts';
export { caseChecks, caseTurns, caseThreshold } from './case-checks.ts';
export { CsvError, CsvParser, parseCsv, toCsv, decodeUtf8, type CsvRow } from './csv.ts';
export { importCopilotStudio, importCopilotStudioFile, exportCopilotStudio, type CopilotImportOptions } from './copilot-studio.ts';
export { importJsonEvalSet, exportJsonEvalSet, evalItemSchema, isJsonEvalSet, type EvalItem } from './eval-set.ts';
export { importPromptfoo, isPromptfooConfig, type PromptfooImport } from './promptfoo.ts';
export { exportScenarioYaml } from './yaml-export.ts';
