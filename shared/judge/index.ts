/** The judge library: mandates, prompts with delimited untrusted data, verdicts, voting, calibration. */
export { judge } from './judge.ts';
export type { JudgeArgs, JudgeDeps } from './judge.ts';
export type { JudgeInput, Verdict, SubVerdict } from './types.ts';
export { judgeInputSchema } from './types.ts';
export { loadMandate, listMandates, customMandate, parseMandate, MANDATES_DIR, mandateSchema } from './mandate.ts';
export type { Mandate, CustomMandateSpec, MandateLanguage } from './mandate.ts';
export { OUTPUT_HANDLERS, outputSchemaNameSchema } from './output-schemas.ts';
export type { OutputSchemaName } from './output-schemas.ts';
export { buildJudgePrompt, judgeSystemText } from './prompt.ts';
export { cohensKappa } from './kappa.ts';
export { calibrate, loadCalibrationSet, loadInjectionCases, CALIBRATION_DIR } from './calibrate.ts';
export type { CalibrationReport, CalibrationSet, CalibrationCase, InjectionCase } from './calibrate.ts';
