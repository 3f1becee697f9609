/**
 * Answer presence: did the bot give the user something about what was asked? A reply fails when it is empty,
 * one of the target's canned replies (the check's `cannedReplies` and the target file's), a repeat of the
 * question, or made only of deflections (refusals of an on-topic question, fallbacks, "non lo so" / "I don't
 * know", a referral to the ente with nothing else, "which bando?" after a bando was named, error messages) and
 * pleasantries. Italian and English.
 *
 * The reply is judged clause by clause, so a polite opening never hides the answer that follows it, and a clause
 * counts as content only with evidence tied to the question (presence-evidence.ts): a figure or value of the kind
 * asked ("4 posti" does not answer "where"), a yes or a no to a yes/no question, a restriction, a name the question
 * did not give (and about the aspect of the bando asked: "5 posts in the Area Istruttori" does not answer "which
 * documents?"), a list, a contact to "whom do I write to", a requirement to "who may apply?", or the question's
 * subject (not its bando's names or profile, nor the words before "…: quali documenti?") with something said of it.
 * Words about the conversation (deflections.ts META_WORD), about the bot or its team, weighing the subject ("è
 * semplice"), or about bandi in general once a bando was named ("di solito", "alcuni enti", and what follows them in
 * the sentence, the items of a list of general advice) are padding. A clause with words of its own but none of
 * that evidence is a claim the rules cannot weigh: alone, or beside a deflection, the reply is undecided (the
 * judge's); padding beside a deflection leaves the deflection. A clause about the conversation that is
 * negated ("non sono nella posizione di risponderle") is a deflection whatever its wording. Any content clause
 * makes the reply an answer ("non so la data esatta, ma il bando scade a gennaio"; a referral beside the answer).
 * Beside the per-kind forms (deflections.ts), clauses are read by their structure (presence-frames.ts): the bot
 * declining of itself, asking back when a bando was named, advising the user to go elsewhere (and what then
 * points back at that office), an error's code beside the error, a request passed on with its ticket, an offer of
 * other topics. How the reply is cut into sentences (lines, list items, titles, payloads): presence-reply.ts; what
 * the question asks: presence-question.ts; a sentence cut into clauses: presence-sentence.ts; one clause judged:
 * presence-clause.ts. This file weighs the clauses of a reply into a verdict.
 */
import { answerOf, fail, invalid, pass, quote } from './common.ts';
import { NO_JUDGE_REASON } from './llm.ts';
import { FILLER, NEGATION, isMetaWord, namesBando, type DeflectionKind } from './deflections.ts';
import type { CheckSpecOf } from './schema.ts';
import { namesIn } from './presence-evidence.ts';
import { ASKS_REFERENCE } from './presence-frames.ts';
import { fold, payloadText, sentencesOf, trimEnds } from './presence-reply.ts';
import type { CheckContext, CheckHandler, CheckResult } from './types.ts';
import { tokens, judgeFor } from './presence-question.ts';
import { ORDER, type Clause, GENERIC_LEAD } from './presence-clause.ts';
import { judgedSentence, namesOf, referralLast } from './presence-sentence.ts';

export type NonAnswerKind = 'empty' | 'canned' | 'echo' | 'nothing' | DeflectionKind;

export interface PresenceContext {
  /** The user's message the reply answers (echo and "asks for contacts" are judged against it). */
  question?: string;
  /** Whether a bando was named in the conversation (then "which bando?" is a deflection); inferred when left out. */
  bandoNamed?: boolean;
  /** The target's canned replies (its fallback, out-of-scope and error messages). */
  cannedReplies?: string[];
}

const AFFIRMATION = /^(?:certo|certamente|certo che si|ovviamente|assolutamente|sicuro|sure|of course|certainly|absolutely|definitely|indeed)$/;

/**
 * What the rules make of a reply: an answer, a non-answer (and which kind), or undecided, with why. Undecided is
 * what the rules cannot tell apart: a reply with no deflection but no content clause either, only words of its own
 * that say nothing specific, the question's own words restated, or function words. The check then asks the judge
 * (mandate `answer-presence`); without one it is `invalid`, never a pass.
 */
export type PresenceVerdict = { verdict: 'answer' } | { verdict: 'no-answer'; kind: NonAnswerKind } | { verdict: 'undecided'; why: string };

/** An item numbered inside a sentence: "2) registrarsi al portale", "3. compile the form". */
const INLINE_ITEM = /^\d{1,2}[).]\s/;

const ANSWER: PresenceVerdict = { verdict: 'answer' };
const noAnswer = (kind: NonAnswerKind): PresenceVerdict => ({ verdict: 'no-answer', kind });
const undecided = (why: string): PresenceVerdict => ({ verdict: 'undecided', why });

/** Why the rules leave a reply undecided, by the clauses it is made of (most telling first). */
const UNDECIDED_WHY = {
  claim: 'no deflection, but nothing that ties its words to what was asked (no figure or value of the kind asked, no side taken, no name)',
  some: 'no deflection, but only generic words of its own, nothing specific about what was asked',
  detail: 'only a code or a reference, to a question that does not ask for one',
  beside: 'a deflection beside words of its own the rules cannot weigh',
  tentative: "a refusal, a \"don't know\" or an \"it depends\" beside content said only as a guess or under a condition",
  weak: "no deflection, but only the question's own words restated",
  bare: 'no deflection, but only function words',
  affirms: 'only an affirmation to a question asking what, when or how much',
} as const;

export function presenceVerdict(reply: string, context: PresenceContext | string[] = {}): PresenceVerdict {
  const ctx: PresenceContext = Array.isArray(context) ? { cannedReplies: context } : context;
  const text = payloadText(reply) ?? reply;
  const { empty, rest, found, sentences } = sentencesOf(text, ctx.cannedReplies ?? []);
  if (empty) return noAnswer('empty');
  const question = fold(ctx.question ?? '');
  const judge = judgeFor(question, ctx.bandoNamed ?? namesBando(ctx.question ?? ''), [...namesIn(ctx.question ?? '')].sort());
  const names = namesIn(text);
  // Any content makes the reply an answer whatever the other sentences say: the first one found ends the judging.
  const judged: Clause[] = [];
  let afterReferral = false;
  // After "Ecco alcune indicazioni generali:", the list's items are general advice, not about the bando asked.
  let genericList = false;
  for (const { text: x, item: listed } of sentences) {
    // "1) leggere il bando; 2) registrarsi …": items numbered inside the text are a list's items too.
    const item = listed || INLINE_ITEM.test(x);
    const clauses = judgedSentence(x, judge, afterReferral, namesOf(x, names), item && genericList);
    if (clauses.some((j) => j.kind === 'content')) return ANSWER;
    afterReferral = referralLast(clauses, afterReferral);
    judged.push(...clauses);
    // (A lead and its first item in one sentence: "In genere devi: 1) leggere il bando;".)
    const lead = /^[^:]*:(?=\s*(?:$|\d{1,2}[).]\s))/.exec(x)?.[0];
    if (!item || lead !== undefined) genericList = judge.bandoNamed && lead !== undefined && GENERIC_LEAD.test(lead);
  }
  // An error's code or a referral's "articolo 2" is part of it; alone ("Codice: PA-2027-0012") it answers a
  // question asking for a code or a reference, and to another question nobody can tell without reading it.
  const points = judged.some((j) => j.kind === 'deflection' && (j.as === 'error' || j.as === 'referral'));
  const detail = !points && judged.some((j) => j.kind === 'detail');
  if (detail && ASKS_REFERENCE.test(question)) return ANSWER;
  // Words of its own that say nothing specific are padding beside a refusal, a canned reply or a repeat ("Mi
  // dispiace, non posso. Il nostro staff aggiorna il portale ogni giorno."); alone, the rules cannot tell.
  const deflects = found || judged.some((j) => j.kind === 'deflection' || j.kind === 'echo');
  // A guess or a condition answers alone; beside "non lo so" or a referral it is the judge's to weigh.
  const unsure = found || judged.some((j) => j.kind === 'deflection' && j.as !== 'referral');
  // (Nor beside "it depends", "varies": a guess hedged twice.)
  const hedged = unsure || judged.some((j) => j.kind === 'some');
  if (judged.some((j) => j.kind === 'tentative')) return hedged ? undecided(UNDECIDED_WHY.tentative) : ANSWER;
  if (!deflects && judged.some((j) => j.kind === 'claim')) return undecided(UNDECIDED_WHY.claim);
  if (!deflects && detail) return undecided(UNDECIDED_WHY.detail);
  if (!deflects && judged.some((j) => j.kind === 'some')) return undecided(UNDECIDED_WHY.some);
  // A deflection beside a claim the rules cannot weigh ("non posso confermarlo; il bando prevede …").
  if (judged.some((j) => j.kind === 'claim')) return undecided(UNDECIDED_WHY.beside);
  if (found) return noAnswer('canned');
  const kinds = judged.flatMap((j) => (j.kind === 'deflection' ? [j.as] : []));
  const first = ORDER.find((k) => kinds.includes(k));
  if (first) return noAnswer(first);
  if (judged.some((j) => j.kind === 'echo')) return noAnswer('echo');
  // A restatement or a bare "lo è" with no deflection beside it: maybe a yes, maybe nothing. Negated, to a yes/no
  // question, it says no ("Non è richiesta." to "Richiede esperienza?").
  if (judged.some((j) => j.kind === 'weak')) return !judge.wh && sentences.some((x) => NEGATION.test(x.text)) ? ANSWER : undecided(UNDECIDED_WHY.weak);
  if (judged.some((j) => j.kind === 'bare')) return undecided(UNDECIDED_WHY.bare);
  // Only greetings, thanks, "ok", words about the conversation: nothing about what was asked. After a user's own
  // pleasantry ("grazie", "ok") a pleasantry is the right reply; "Certo!" or "Of course." says yes to a yes/no
  // question, and to a what/when/how-much one nobody can tell without reading it.
  const asked = trimEnds(question);
  const pleasantry = asked === '' || FILLER.some((re) => re.test(asked)) || tokens(asked).every(isMetaWord);
  if (pleasantry) return ANSWER;
  if (AFFIRMATION.test(trimEnds(rest))) return judge.wh ? undecided(UNDECIDED_WHY.affirms) : ANSWER;
  return noAnswer('nothing');
}

/**
 * Why the reply gives the user nothing, or undefined when it answers. Undecided replies count as answers here
 * (what the check did before it could tell them apart); the check itself uses presenceVerdict.
 */
export function detectNonAnswer(text: string, context: PresenceContext | string[] = {}): NonAnswerKind | undefined {
  const v = presenceVerdict(text, context);
  return v.verdict === 'no-answer' ? v.kind : undefined;
}

const WHAT: Record<NonAnswerKind, string> = {
  empty: 'answer is empty',
  canned: "answer is one of the target's canned replies",
  echo: 'answer repeats the question',
  nothing: 'answer says nothing about what was asked',
  refusal: 'answer is a refusal',
  fallback: 'answer is a fallback',
  'dont-know': 'answer says it does not know',
  referral: 'answer only refers the user elsewhere',
  'asks-which': 'answer asks which bando although one was named',
  error: 'answer is an error message',
};

export const answerPresence: CheckHandler<CheckSpecOf<'answer-presence'>> = (spec, ctx) => {
  const text = answerOf(ctx);
  const turns = ctx.transcript.turns;
  const question = turns.at(-1)?.user ?? '';
  // "Which bando?" is a deflection once a bando was named anywhere in the conversation (or the case is about one).
  const bandoNamed = Boolean(ctx.vars?.tenderId) || turns.some((t) => namesBando(t.user));
  const v = presenceVerdict(text, { question, bandoNamed, cannedReplies: [...spec.cannedReplies, ...spec.fallbackMessages, ...(ctx.cannedReplies ?? [])] });
  if (v.verdict === 'undecided') return judgeUndecided(spec, ctx, v.why);
  if (v.verdict === 'answer') return pass(spec, 'answer present');
  // A case that expects a refusal accepts one, canned or not (a canned error or fallback still fails).
  const refuses = v.kind === 'refusal' || (v.kind === 'canned' && detectNonAnswer(text, { question, bandoNamed }) === 'refusal');
  if (refuses && spec.allowRefusal) return pass(spec, 'answer present');
  return fail(spec, v.kind === 'empty' ? WHAT.empty : `${WHAT[v.kind]}: ${quote(text)}`);
};

/** What the rules leave undecided goes to the judge (mandate `answer-presence`); without one it is not evaluated. */
async function judgeUndecided(spec: CheckSpecOf<'answer-presence'>, ctx: CheckContext, why: string): Promise<CheckResult> {
  if (!ctx.llmJudge) return { ...invalid(spec, `${NO_JUDGE_REASON}: answer-presence undecided (${why})`), undecided: why };
  return { ...(await ctx.llmJudge(spec, ctx)), undecided: why };
}
