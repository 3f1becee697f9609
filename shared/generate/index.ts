/** Public API of per-tender test generation. */
export { generateTenderTests } from './generate.ts';
export { saveGeneratedTests, loadGeneratedTests } from './store.ts';
export { generateScopeSwitch, DEFAULT_FAQ_QUESTION, FAMILY_GENERATORS } from './families/index.ts';
export { loadBoilerplate, parseBoilerplate, DEFAULT_BOILERPLATE_FILE } from './boilerplate-config.ts';
export { italianDate } from './italian.ts';
export * from './types.ts';
