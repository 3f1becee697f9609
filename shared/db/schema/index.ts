/** All Drizzle tables. One file per area; add yours here (and its numbered SQL file in infra/migrations/). */
export * from './engine.ts';
export * from './llm.ts';
export * from './diagnostics.ts';
export * from './metadata.ts';
export * from './eval.ts';
export * from './ingest.ts';
export * from './redteam.ts';
export * from './mutation.ts';
export * from './regressions.ts';
export * from './review.ts';
