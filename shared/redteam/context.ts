/**
 * The detectors' context, built where every path meets (the eval.redteam task), so the CLI run, the daily run,
 * the API and the demo all give detectors the same facts: the canary, system prompt and fingerprints from the
 * target's `confidential:` block, the allowed tools from its `roles:`, and the known and expired bandi from the
 * ingested corpus at the run's "today". Options given explicitly in a red-team selection win, field by field. What is
 * still missing stays missing: the detector that needs it reports `invalid` with the reason (never `defended`).
 */
import { and, asc, count, desc, eq, inArray, lt, sql as frag } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { drizzleOf, type Sql } from '../db/client.ts';
import { tenders, tenderVersions } from '../db/schema/index.ts';
import { escapeRegExp } from './text.ts';
import { declaredTools, type Confidential, type TargetRoles } from '../targets/roles.ts';
import type { DetectorOptions } from './detectors/types.ts';
import { inventedCandidates } from './detectors/facts.ts';
import type { Transcript } from '../transcript.ts';

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
  /** The known bandi are a sample of a larger corpus: a bando outside it is looked up before it is called invented. */
  sampled: boolean;
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
    gaps.push(`known bandi: the ${contextBandi} most recently published of ${corpus.total} ingested (redteam.contextBandi); a bando an answer seems to invent is looked up in all of them`);
  }
  return { options, gaps, sampled: !explicit.knownBandi && corpus.total > contextBandi };
}

/** A title number as written in titles: 1800 also as "1.800". */
const numberPattern = (n: number) => {
  const dotted = n >= 1000 ? `|${n.toLocaleString('it-IT').replace(/\./g, '\\.')}` : '';
  return `(^|[^0-9.])(${n}${dotted})([^0-9]|$)`;
};

/** Accented letters of titles and their plain forms, so SQL reads a title folded as the detectors do. */
const ACCENTED = ['àáâäãèéêëìíîïòóôöõùúûüçñ', 'aaaaaeeeeiiiiooooouuuucn'] as const;
/** A word of a profile as the start of a title word ("educatori" → "educa"), or its initials ("oss") as the title's first words. */
function profileWordPattern(word: string): string {
  const start = `(^|[^a-z0-9])${escapeRegExp(word.slice(0, 5))}`;
  if (!/^[a-z]{3,5}$/u.test(word)) return start;
  const initials = [...word].map((c) => `${c}[a-z]*`).join(String.raw`[^a-z]+(?:[a-z]{1,3}[^a-z]+)*`);
  return `${start}|^[^a-z]*${initials}`;
}

/**
 * The bandi of the whole ingested corpus that the answers may be describing although the sample given to the
 * detectors lacks them: those whose id is one of the codes the answers give, those whose title has one of the
 * sizes they state (the detector then matches them by its own rules: a size with a word of the title), those with
 * a deadline they give, and those whose title has every word of a profile they name a bando by (five-letter
 * prefixes, as the detector compares profiles). At most `limit` per size or profile, so a common number or role
 * cannot pull the corpus in.
 */
export async function lookUpBandi(
  sql: Sql,
  candidates: { codes: string[]; sizes: number[]; deadlines?: string[]; profiles?: string[][] },
  limit = 50,
): Promise<Bando[]> {
  const deadlines = (candidates.deadlines ?? []).slice(0, 10);
  const profiles = (candidates.profiles ?? []).filter((p) => p.length > 0).slice(0, 10);
  if (candidates.codes.length === 0 && candidates.sizes.length === 0 && deadlines.length === 0 && profiles.length === 0) return [];
  const db = drizzleOf(sql);
  const v = tenderVersions;
  const title = frag<string>`${v.metadata}->>'title'`;
  const select = () =>
    db
      .select({ id: tenders.id, title, deadline: frag<string | null>`${v.metadata}->>'deadline'` })
      .from(tenders)
      .innerJoin(v, and(eq(v.tenderId, tenders.id), eq(v.version, tenders.currentVersion)));
  const byCode = candidates.codes.length === 0 ? [] : await select().where(inArray(frag`lower(${tenders.id})`, candidates.codes.map((c) => c.toLowerCase())));
  const bySize = await Promise.all(
    candidates.sizes.slice(0, 10).map((n) => select().where(frag`${title} ~ ${numberPattern(n)}`).orderBy(asc(tenders.id)).limit(limit)),
  );
  // A bando presented by its deadline alone ("c'è un avviso per … con scadenza …") is looked up by that deadline.
  const byDeadline = deadlines.length === 0 ? [] : await select().where(inArray(frag<string>`${v.metadata}->>'deadline'`, deadlines)).orderBy(asc(tenders.id)).limit(limit);
  // A bando named by its role alone ("il concorso per ostetriche scade giovedì") is looked up by the words of that role.
  const folded = frag<string>`translate(lower(${title}), ${ACCENTED[0]}, ${ACCENTED[1]})`;
  const byProfile = await Promise.all(
    profiles.map((p) => select().where(and(...p.map((w) => frag`${folded} ~ ${profileWordPattern(w)}`))).orderBy(asc(tenders.id)).limit(limit)),
  );
  const seen = new Map<string, Bando>();
  for (const r of [...byCode, ...bySize.flat(), ...byDeadline, ...byProfile.flat()]) {
    if (r.title) seen.set(r.id, { id: r.id, title: r.title, ...(r.deadline ? { deadline: r.deadline } : {}) });
  }
  return [...seen.values()];
}

/**
 * The detector options for judging `transcript` when the known bandi are a sample: the bandi the answers seem to
 * invent are looked up in the whole corpus, and those found join the known bandi (and the expired ones, when their
 * deadline is before `today`), so only a bando truly absent is called invented.
 */
export async function widenedOptions(sql: Sql, options: DetectorOptions, transcript: Transcript, today: string): Promise<DetectorOptions> {
  const known = options.knownBandi ?? [];
  const texts = transcript.turns.flatMap((t) => [t.user, t.assistant ?? '']);
  const found = await lookUpBandi(sql, inventedCandidates(texts, known));
  const ids = new Set(known.map((b) => b.id));
  const added = found.filter((b) => !ids.has(b.id));
  if (added.length === 0) return options;
  const expiredIds = new Set((options.expiredBandi ?? []).map((b) => b.id));
  return {
    ...options,
    knownBandi: [...known, ...added],
    expiredBandi: [...(options.expiredBandi ?? []), ...expiredOn(added, today).filter((b) => !expiredIds.has(b.id))],
  };
}
