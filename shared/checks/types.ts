/**
 * What every check handler receives and returns. Handlers are pure functions of (spec, context):
 * the registry picks the turn and truncates the transcript there, so a handler always judges the LAST
 * turn of `ctx.transcript` (earlier turns stay visible as history).
 */
import type { Outcome, Transcript } from '../transcript.ts';
import type { CheckSpec, CheckSpecOf, CheckType, LlmCheckSpec } from './schema.ts';
import type { TargetRoles } from '../targets/roles.ts';

export interface CheckResult {
  checkId: string;
  type: CheckType;
  outcome: Outcome;
  /** 0..1 where the family has a natural score (similarity, pass share across turns...). */
  score?: number;
  reason: string;
  /** Index (Turn.index) of the judged turn. */
  turn?: number;
  /**
   * What the verdict rests on, as it appears in the judged turn (the found canary, the wrong argument value):
   * stored in check_results.details and highlighted in the transcript by the reports.
   */
  evidence?: CheckEvidence[];
  /**
   * Set when the check's rules could not decide (answer-presence: why): the judge task decides it with the
   * check's own mandate; without a judge model the check stays `invalid`, never a pass.
   */
  undecided?: string;
}

export interface CheckEvidence {
  text: string;
  /** Where it appears; absent: anywhere in the turn. */
  where?: 'assistant' | 'user' | 'tool-args';
}

export interface CheckContext {
  transcript: Transcript;
  /** The case's expected answer, used when a check gives no value of its own. */
  expected?: string;
  /** Values for `{{var}}` placeholders in check options. */
  vars: Record<string, string>;
  now?: Date;
  /** The target's tool roles: checks that name a role (tool-use, search-results) resolve it here. */
  roles?: TargetRoles;
  /** The target's canned replies (its target file's `cannedReplies`): answer-presence adds them to its own. */
  cannedReplies?: string[];
  /** Present when a judge model is configured; LLM-based checks (and what answer-presence leaves undecided) are `invalid` without it. */
  llmJudge?: (spec: JudgedCheckSpec, ctx: CheckContext) => Promise<CheckResult>;
}

/** The checks the judge decides: the LLM types, and answer-presence where its rules cannot tell. */
export type JudgedCheckSpec = LlmCheckSpec | CheckSpecOf<'answer-presence'>;

/** The registry fills in `checkId` (spec id or a positional default) and `turn` after the handler. */
export type CheckHandler<S extends CheckSpec = CheckSpec> = (
  spec: S,
  ctx: CheckContext,
) => CheckResult | Promise<CheckResult>;
