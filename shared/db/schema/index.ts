/** All Drizzle tables. One file per area; add yours here (and its numbered SQL file in infra/migrations/). */
export * from './engine.ts';
export * from './llm.ts';
export * from './diagnostics.ts';
