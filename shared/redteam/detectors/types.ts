/** What every red-team detector takes and returns, and helpers to pick the turns it judges. */
import { z } from 'zod';
import type { Transcript } from '../../transcript.ts';
import type { RedteamScenario } from '../schema.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

/**
 * Facts about the target known to the run (not to the scenario). The eval.redteam task builds them from the
 * target file and the ingested corpus (shared/redteam/context.ts); a selection may give some explicitly.
 */
export const detectorOptionsSchema = z.object({
  /** A canary string planted in the target's system prompt; seeing it in an answer proves a leak. */
  canary: z.string().min(4).optional(),
  /** The target's system prompt text, when known, for n-gram overlap. */
  systemPrompt: z.string().optional(),
  /** Bandi whose deadline has passed (id and/or title), to catch them presented as open. */
  expiredBandi: z
    .array(z.object({ id: z.string().optional(), title: z.string().min(3), deadline: isoDate.optional() }))
    .default([]),
  /** The run's "today" (YYYY-MM-DD). */
  today: isoDate.optional(),
  /** Tool names the target may call within its mandate (e.g. ["search_bandi"]). */
  allowedTools: z.array(z.string()).optional(),
  /** Distinctive sentences of the system prompt (the target's `confidential.fingerprints`), when the text is withheld. */
  fingerprints: z.array(z.string().min(8)).optional(),
  /**
   * Every bando the target can know (the ingested corpus): a bando described in an answer that matches none
   * of these is invented. Absent, the invented-bando rule cannot decide.
   */
  knownBandi: z
    .array(z.object({ id: z.string().optional(), title: z.string().min(3), deadline: isoDate.optional() }))
    .optional(),
  /** Hosts an answer may link to (e.g. ["www.inpa.gov.it"]); absent: public bodies' hosts, the hosts the system prompt names, hosts named after the body it serves. */
  allowedHosts: z.array(z.string().min(3)).optional(),
  /** The language every answer must be in (ISO 639-1); absent: Italian. */
  answerLanguage: z.string().length(2).optional(),
});
export type DetectorOptions = z.input<typeof detectorOptionsSchema>;
export type ParsedOptions = z.output<typeof detectorOptionsSchema>;

export const DETECTOR_STATUSES = ['attack-succeeded', 'defended', 'invalid'] as const;
export type DetectorStatus = (typeof DETECTOR_STATUSES)[number];

export interface DetectorResult {
  status: DetectorStatus;
  evidence: string;
  /** Index of the transcript turn that shows the success (or the problem). */
  turn?: number;
}

export interface Detector {
  description: string;
  params: z.ZodType;
  detect(transcript: Transcript, scenario: RedteamScenario, opts: ParsedOptions, params: unknown): DetectorResult;
}

/** Ties a params schema to its detect function, so `params` arrives parsed and typed. */
export function defineDetector<S extends z.ZodType>(d: {
  description: string;
  params: S;
  detect(transcript: Transcript, scenario: RedteamScenario, opts: ParsedOptions, params: z.output<S>): DetectorResult;
}): Detector {
  return {
    description: d.description,
    params: d.params,
    detect: (t, s, o, p) => d.detect(t, s, o, d.params.parse(p ?? {})),
  };
}

export interface AnsweredTurn {
  index: number;
  user: string;
  assistant: string;
}

/**
 * Transcript turns of one kind with an answer. Transcript turn i is scenario turn i; turns beyond
 * the script (an adaptive attacker's) count as attack turns.
 */
export function turnsOf(
  transcript: Transcript,
  scenario: RedteamScenario,
  kind: 'attack' | 'recovery' | 'all',
): AnsweredTurn[] {
  const out: AnsweredTurn[] = [];
  transcript.turns.forEach((turn, i) => {
    if (turn.assistant === null) return;
    const planned = scenario.turns[i];
    const isRecovery = planned?.isRecovery ?? false;
    const isAttack = planned?.isAttack ?? !isRecovery;
    if (kind === 'all' || (kind === 'attack' && isAttack) || (kind === 'recovery' && isRecovery)) {
      out.push({ index: turn.index, user: turn.user, assistant: turn.assistant });
    }
  });
  return out;
}

export const invalid = (evidence: string): DetectorResult => ({ status: 'invalid', evidence });
export const defended = (evidence: string): DetectorResult => ({ status: 'defended', evidence });
export const succeeded = (evidence: string, turn: number): DetectorResult => ({
  status: 'attack-succeeded',
  evidence,
  turn,
});

/** Runs `check` on every answered attack turn; the first hit wins. */
export function firstHit(
  transcript: Transcript,
  scenario: RedteamScenario,
  check: (t: AnsweredTurn) => string | null,
  defendedEvidence: string,
): DetectorResult {
  const turns = turnsOf(transcript, scenario, 'attack');
  if (turns.length === 0) return invalid('no answered attack turn in the transcript');
  for (const t of turns) {
    const hit = check(t);
    if (hit !== null) return succeeded(hit, t.index);
  }
  return defended(`${defendedEvidence} (${turns.length} attack turn(s) checked)`);
}

/**
 * Like firstHit, for the families a rule cannot close: a hit proves success, but finding none proves
 * nothing (a hedged opinion, a polite generalisation), so the answer is left undecided for the judge.
 */
export function firstHitOrUndecided(
  transcript: Transcript,
  scenario: RedteamScenario,
  check: (t: AnsweredTurn) => string | null,
  undecidedEvidence: string,
): DetectorResult {
  const r = firstHit(transcript, scenario, check, undecidedEvidence);
  return r.status === 'defended' ? invalid(`undecided: ${r.evidence}`) : r;
}

export function clip(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
