/**
 * extractEntities: the deterministic pipeline. 1) locate articles, 2) cut islands, 3) run every extractor of
 * the registry below over the islands. Pure: same text and options, same result.
 */
import type { Article, Entity, EntityKind, Extraction, ExtractOptions, Island } from './types.ts';
import { cutIslands, locateArticles } from './articles.ts';
import { extractDeadlines } from './deadline.ts';
import { extractDegrees } from './degrees.ts';
import { extractLocations } from './locations.ts';
import { extractPosts } from './posts.ts';
import { extractProcedure, extractSelection } from './procedure.ts';
import { scopeToProfile } from './profiles.ts';

export type Extractor = (text: string, ctx: { articles: Article[]; islands: Island[]; opts: ExtractOptions }) => Entity[];

/** One extractor per entity kind; a new kind in ENTITY_KINDS does not compile until it has one here. */
export const EXTRACTORS: Record<EntityKind, Extractor> = {
  degree: (text, c) => extractDegrees(text, c.articles, c.islands),
  location: (text, c) => extractLocations(text, c.islands, c.articles),
  deadline: (text, c) => extractDeadlines(text, c.islands, c.opts),
  posts: (text, c) => extractPosts(text, c.islands),
  procedure: (text, c) => extractProcedure(text, c.islands),
  selection: (text, c) => extractSelection(text, c.islands),
};

export function extractEntities(text: string, opts: ExtractOptions = {}): Extraction {
  const articles = locateArticles(text);
  const islands = cutIslands(text);
  const entities = (Object.keys(EXTRACTORS) as EntityKind[]).flatMap((k) => EXTRACTORS[k](text, { articles, islands, opts }));
  return { articles, islands, entities: scopeToProfile(text, entities, opts.profile) };
}
