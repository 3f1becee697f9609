/** The source registry: one zod variant and one factory per source type (a missing factory does not compile). */
import { z } from 'zod';
import type { Source } from '../types.ts';
import { folderSource, folderSourceSchema } from './folder.ts';
import { inpaSource, inpaSourceSchema } from './inpa.ts';
import { jsonFeedSource, jsonFeedSourceSchema } from './json-feed.ts';
import { inpaFileSource, inpaFileSourceSchema } from './inpa-file.ts';

export const sourceConfigSchema = z.discriminatedUnion('type', [folderSourceSchema, jsonFeedSourceSchema, inpaSourceSchema, inpaFileSourceSchema]);
export type SourceConfig = z.output<typeof sourceConfigSchema>;
export type SourceConfigInput = z.input<typeof sourceConfigSchema>;
export type SourceType = SourceConfig['type'];

const FACTORIES: { [T in SourceType]: (config: Extract<SourceConfig, { type: T }>) => Source } = {
  folder: folderSource,
  'json-feed': jsonFeedSource,
  inpa: inpaSource,
  'inpa-file': inpaFileSource,
};

/** Validates the config (throws with every problem) and builds the source. */
export function createSource(config: SourceConfigInput): Source {
  const parsed = sourceConfigSchema.safeParse(config);
  if (!parsed.success) throw new Error(`invalid source config: ${z.prettifyError(parsed.error)}`);
  const c = parsed.data;
  return (FACTORIES[c.type] as (config: SourceConfig) => Source)(c);
}

export { folderSourceSchema, jsonFeedSourceSchema, inpaSourceSchema, inpaFileSourceSchema };
export type { InpaFileSourceConfig } from './inpa-file.ts';
export type { FolderSourceConfig } from './folder.ts';
export type { JsonFeedSourceConfig } from './json-feed.ts';
export type { InpaSourceConfig } from './inpa.ts';
