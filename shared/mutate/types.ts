/**
 * Mutation testing of an evaluation suite: fault operators rewrite the chatbot's side of a stored
 * transcript (answer, tool calls, tool outputs) and the run's own checks and detectors are applied again.
 * A mutant is killed when the suite now reports the case failed (or the attack succeeded).
 */
import type { CheckSpec } from '../checks/index.ts';
import type { RedteamScenario } from '../redteam/schema.ts';
import type { DetectorOptions } from '../redteam/detectors/types.ts';
import type { Confidential, TargetRoles } from '../targets/roles.ts';
import type { Outcome, Transcript } from '../transcript.ts';

/** A tender of the run's corpus, as far as the operators need it. */
export interface CorpusTender {
  id: string;
  title: string;
  deadline?: string;
  /** The regions of its work locations, when the metadata gives them (a filter a search may be asked for). */
  regions?: string[];
}

interface SubjectBase {
  taskKey: string;
  setId: string;
  caseId: string;
  family: string | null;
  tenderId: string | null;
  transcript: Transcript;
  /** The outcome the run stored for it. */
  storedOutcome: Outcome;
}

/** A case of a test set: its checks are applied again to each mutant. */
export interface CaseSubject extends SubjectBase {
  kind: 'case';
  checks: CheckSpec[];
  expected?: string;
  vars: Record<string, string>;
  today?: string;
  threshold?: number;
}

/** A red-team scenario: its detectors decide again on each mutant. */
export interface RedteamSubject extends SubjectBase {
  kind: 'redteam';
  scenario: RedteamScenario;
  detectorOptions: DetectorOptions;
}

export type MutationSubject = CaseSubject | RedteamSubject;

/** What an operator may know besides the transcript. */
export interface MutationContext {
  roles?: TargetRoles;
  confidential?: Pick<Confidential, 'canary' | 'systemPrompt'>;
  /** The run's tenders (ids in the run's cases), for swapping ids, staleness and expiry. */
  corpus: CorpusTender[];
  /** The run's "today" (YYYY-MM-DD). */
  today: string;
  /** Another subject about a different tender, for the stale-scope operator (deterministic pick). */
  other?: MutationSubject;
}

/**
 * A check type meant to catch an operator: any check of that type, or only those `when` accepts (a
 * fact-match on a count does not cover a shifted date, a `contains` without a date in it neither).
 */
export type CheckCatcher = string | { type: string; when(spec: CheckSpec): boolean };

export type MutationResult =
  | { applies: true; transcript: Transcript; /** What was changed, for the survivors list. */ change: string }
  | { applies: false; why: string };

export interface MutationOperator {
  id: string;
  description: string;
  /**
   * The check types and detector types meant to catch this fault. A subject with none of them does not
   * "claim to cover" the operator: a surviving mutant there is reported as "no check covers this".
   */
  catchers: { checks: readonly CheckCatcher[]; detectors: readonly string[] };
  /** Which subjects it mutates. */
  subjects: 'case' | 'redteam' | 'both';
  mutate(subject: MutationSubject, ctx: MutationContext): MutationResult;
  /** A check that would kill this mutant on a case that has none (YAML-able), when one exists. */
  suggest?(subject: MutationSubject, ctx: MutationContext): Record<string, unknown> | undefined;
}

export const MUTANT_STATUSES = ['killed', 'survived', 'not-applicable'] as const;
export type MutantStatus = (typeof MUTANT_STATUSES)[number];

export interface MutantOutcome {
  operator: string;
  taskKey: string;
  setId: string;
  family: string | null;
  status: MutantStatus;
  /** killed: the check or detector that caught it; survived: the catchers the subject has (empty: none covers it). */
  by: string[];
  /** Whether the subject has a check meant for this operator. */
  covered: boolean;
  /** killed/survived: what changed and what the suite said; not-applicable: why not. */
  detail: string;
}
