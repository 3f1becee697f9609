/** The red-team library's public surface, for the conversation runner, the judge and the reporter. */
export * from './schema.ts';
export { composeLibrary, composeAttack, scenarioId } from './compose.ts';
export { loadBaseAttacks, loadLegitPool, loadTaxonomy, RedteamLoadError, DEFAULT_REDTEAM_DIR } from './load.ts';
export { DETECTOR_REGISTRY, evaluateScenario, runDetector, type ScenarioVerdict } from './detectors/index.ts';
export type { DetectorOptions, DetectorResult, DetectorStatus } from './detectors/types.ts';
export { TRANSFORM_REGISTRY, applyTransform } from './transforms/index.ts';
export { PATTERN_REGISTRY } from './patterns/index.ts';
export { loadCoSafe, loadDeepsetInjections, loadGarakDan, loadGarakSyspromptExtraction } from './datasets/index.ts';
export { AdaptiveAttacker, type AdaptiveRun, type Complete, type TargetFn } from './adaptive/attacker.ts';
export { attackSuccessRates, compareWithPrevious, type RedteamResult, type SuccessRates } from './report.ts';
