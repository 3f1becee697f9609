/** Target adapters: how vaglio talks to the chatbot under test. See README.md to add one. */
export { createTarget, targetConfigSchema, TARGET_TYPES } from './registry.ts';
export type { TargetConfig, TargetConfigInput, TargetType } from './registry.ts';
export { loadTargetConfig } from './load.ts';
export { targetFor } from './per-process.ts';
export { stripSecrets } from './secrets.ts';
export { TargetError, TargetConfigError, TARGET_ERROR_KINDS } from './errors.ts';
export type { TargetErrorKind } from './errors.ts';
export type { Target, TargetDeps, TargetInput, TargetReply, ToolCall, Usage } from './types.ts';
export type { HttpTargetConfig } from './http.ts';
export type { OpenAiTargetConfig } from './openai.ts';
export type { DirectLineTargetConfig } from './directline.ts';
export { compilePath, selectAll, selectOne } from './path.ts';
export { pathProblem } from './path.ts';
export { extractTenderIds } from './search-results.ts';
export type { SearchResultsSpec, TenderIdsResult } from './search-results.ts';
export { resolveTargetFiles } from './load.ts';
export { declaredTools, toolFor, TOOL_ROLES } from './roles.ts';
export type { Confidential, TargetRoles, ToolRole } from './roles.ts';
