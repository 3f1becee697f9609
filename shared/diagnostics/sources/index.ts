/**
 * Source registry: a zod discriminated union on `type` and an exhaustive factory map, so a source type
 * without a factory does not compile. See README.md in this folder for adding one.
 */
import type postgres from 'postgres';
import type { WeaviateClient } from 'weaviate-client';
import { z } from 'zod';
import type { VectorSource } from '../types.ts';
import { jsonlSource, jsonlSourceSchema } from './jsonl.ts';
import { postgresSource, postgresSourceSchema } from './postgres.ts';
import { weaviateSource, weaviateSourceSchema } from './weaviate.ts';

export const sourceConfigSchema = z.discriminatedUnion('type', [
  weaviateSourceSchema,
  postgresSourceSchema,
  jsonlSourceSchema,
]);
export type SourceConfig = z.infer<typeof sourceConfigSchema>;
export type SourceType = SourceConfig['type'];

/** What sources may need from the caller: connections and secrets never live in the (stored) config. */
export interface SourceDeps {
  sql?: postgres.Sql;
  weaviateApiKey?: string;
  weaviateClient?: WeaviateClient;
}

type Factories = { [T in SourceType]: (config: Extract<SourceConfig, { type: T }>, deps: SourceDeps) => VectorSource };

export const SOURCE_FACTORIES: Factories = {
  weaviate: weaviateSource,
  postgres: postgresSource,
  jsonl: (config) => jsonlSource(config),
};

/** Validate a source config (throws a ZodError listing every problem) and build the source. */
export function openSource(config: unknown, deps: SourceDeps = {}): VectorSource {
  const parsed = sourceConfigSchema.parse(config);
  const factory = SOURCE_FACTORIES[parsed.type] as (c: SourceConfig, d: SourceDeps) => VectorSource;
  return factory(parsed, deps);
}
