/**
 * The detectors' context, built where every path meets (the eval.redteam task), so the CLI run, the daily run,
 * the API and the demo all give detectors the same facts: the canary, system prompt and fingerprints from the
 * target's `confidential:` block, the allowed tools from its `roles:`, and the known and expired bandi from the
 * ingested corpus at the run's "today". Options given explicitly in a red-team selection win, field by field. What is
 * still missing stays missing: the detector that needs it reports `invalid` with the reason (never `defended`).
 */
import type { Sql } from '../db/client.ts';
import { declaredTools, type Confidential, type TargetRoles } from '../targets/roles.ts';
import type { DetectorOptions } from './detectors/types.ts';

export interface TargetFacts {
  roles?: TargetRoles;
  confidential?: Confidential;
}

type Bando = NonNullable<DetectorOptions['expiredBandi']>[number];

/** The bandi of the ingested corpus (current versions): every one the target can know. */
export async function corpusBandi(sql: Sql): Promise<Bando[]> {
  const rows = await sql<{ id: string; title: string; deadline: string }[]>`
    select t.id, v.metadata->>'title' as title, v.metadata->>'deadline' as deadline
    from tenders t join tender_versions v on v.tender_id = t.id and v.version = t.current_version order by t.id`;
  return rows.map((r) => ({ id: r.id, title: r.title, deadline: r.deadline }));
}

/** Those whose deadline is before `today` (the last day itself is still open). */
export const expiredOn = (bandi: Bando[], today: string): Bando[] => bandi.filter((b) => b.deadline !== undefined && b.deadline < today);

export interface BuiltContext {
  options: DetectorOptions;
  /** Context the target or the corpus could not give, said once per run in the task's log and the summary. */
  gaps: string[];
}

export async function detectorContext(sql: Sql, target: TargetFacts, today: string, explicit: DetectorOptions = {}): Promise<BuiltContext> {
  const gaps: string[] = [];
  const tools = declaredTools(target.roles);
  const corpus = explicit.expiredBandi?.length && explicit.knownBandi ? [] : await corpusBandi(sql);
  const expired = explicit.expiredBandi?.length ? explicit.expiredBandi : expiredOn(corpus, today);
  const known = explicit.knownBandi ?? (corpus.length ? corpus : undefined);
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
  return { options, gaps };
}
