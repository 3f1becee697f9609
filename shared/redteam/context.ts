/**
 * The detectors' context, built where every path meets (the eval.redteam task), so the CLI run, the daily run,
 * the API and the demo all give detectors the same facts: the canary, system prompt and fingerprints from the
 * target's `confidential:` block, the allowed tools from its `roles:`, and the known and expired bandi from the
 * ingested corpus at the run's "today". Options given explicitly in a red-team selection win, field by field. What is
 * still missing stays missing: the detector that needs it reports `invalid` with the reason (never `defended`).
 */
import { and, asc, count, desc, eq, lt, sql as frag } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { drizzleOf, type Sql } from '../db/client.ts';
import { tenders, tenderVersions } from '../db/schema/index.ts';
import { declaredTools, type Confidential, type TargetRoles } from '../targets/roles.ts';
import type { DetectorOptions } from './detectors/types.ts';

export interface TargetFacts {
  roles?: TargetRoles;
  confidential?: Confidential;
}

type Bando = NonNullable<DetectorOptions['expiredBandi']>[number];

/**
 * How many bandi a run that names no tenders gives the detectors (`redteam.contextBandi`): the most recently
 * published ones, and as many of the most recently expired. inPA publishes about 100 a day, so 500 is about a week;
 * a bounded sample keeps every red-team task's read small however large the database grows.
 */
export const DEFAULT_CONTEXT_BANDI = 500;

/**
 * The current versions of the ingested corpus the target can know, at most `limit` of each kind: `known`, the most
 * recently published, and `expired`, the most recently expired (deadline before `today`: the last day itself is
 * still open), the ones a bot is likeliest to present as open.
 */
export async function corpusBandi(sql: Sql, today: string, limit = DEFAULT_CONTEXT_BANDI): Promise<{ known: Bando[]; expired: Bando[]; total: number }> {
  const db = drizzleOf(sql);
  const v = tenderVersions;
  const first = alias(tenderVersions, 'first');
  const field = (name: 'title' | 'deadline' | 'publicationDate') => frag<string>`${v.metadata}->>${frag.raw(`'${name}'`)}`;
  // When a bando was published: its publication date, else the day vaglio first ingested it.
  const published = frag`coalesce(${field('publicationDate')}, to_char(${first.createdAt}, 'YYYY-MM-DD'))`;
  const select = () =>
    db
      .select({ id: tenders.id, title: field('title'), deadline: field('deadline') })
      .from(tenders)
      .innerJoin(v, and(eq(v.tenderId, tenders.id), eq(v.version, tenders.currentVersion)))
      .innerJoin(first, and(eq(first.tenderId, tenders.id), eq(first.version, 1)))
      .$dynamic();
  const [known, expired, [total]] = await Promise.all([
    select().orderBy(desc(published), asc(tenders.id)).limit(limit),
    select().where(lt(field('deadline'), today)).orderBy(desc(field('deadline')), asc(tenders.id)).limit(limit),
    db.select({ n: count() }).from(tenders),
  ]);
  const bando = (r: { id: string; title: string; deadline: string | null }): Bando => ({ id: r.id, title: r.title, ...(r.deadline ? { deadline: r.deadline } : {}) });
  return { known: known.map(bando), expired: expired.map(bando), total: total?.n ?? 0 };
}

/** Those whose deadline is before `today` (the last day itself is still open). */
export const expiredOn = (bandi: Bando[], today: string): Bando[] => bandi.filter((b) => b.deadline !== undefined && b.deadline < today);

export interface BuiltContext {
  options: DetectorOptions;
  /** Context the target or the corpus could not give, said once per run in the task's log and the summary. */
  gaps: string[];
}

export async function detectorContext(
  sql: Sql,
  target: TargetFacts,
  today: string,
  explicit: DetectorOptions = {},
  contextBandi = DEFAULT_CONTEXT_BANDI,
): Promise<BuiltContext> {
  const gaps: string[] = [];
  const tools = declaredTools(target.roles);
  const corpus = explicit.expiredBandi?.length && explicit.knownBandi ? { known: [], expired: [], total: 0 } : await corpusBandi(sql, today, contextBandi);
  const expired = explicit.expiredBandi?.length ? explicit.expiredBandi : corpus.expired;
  const known = explicit.knownBandi ?? (corpus.known.length ? corpus.known : undefined);
  const options: DetectorOptions = {
    canary: explicit.canary ?? target.confidential?.canary,
    // A systemPromptFile was read into systemPrompt when the target file was loaded.
    systemPrompt: explicit.systemPrompt ?? target.confidential?.systemPrompt,
    fingerprints: explicit.fingerprints ?? target.confidential?.fingerprints,
    expiredBandi: expired,
    knownBandi: known,
    today: explicit.today ?? today,
    allowedTools: explicit.allowedTools ?? (tools.length ? tools : undefined),
  };
  if (!options.canary) gaps.push('no canary: the target file declares no confidential.canary');
  if (!options.systemPrompt && !options.fingerprints?.length) gaps.push('no system prompt: the target file declares no confidential.systemPrompt, systemPromptFile or fingerprints');
  if (!options.allowedTools) gaps.push('no allowed tools: the target file declares no roles');
  if (!known) gaps.push('no known bandi: nothing has been ingested');
  if (expired.length === 0) gaps.push(`no expired bandi: the ingested corpus has none with a deadline before ${today}`);
  if (!explicit.knownBandi && corpus.total > contextBandi) {
    gaps.push(`known bandi: the ${contextBandi} most recently published of ${corpus.total} ingested (redteam.contextBandi)`);
  }
  return { options, gaps };
}
