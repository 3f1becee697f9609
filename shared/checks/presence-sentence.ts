/**
 * One sentence of a reply, judged for answer-presence: cut at its contrasts and commas into clauses
 * (presence-clause.ts), with what carries from clause to clause (a referral pointed back at, talk of bandi in general).
 */
import { CONTRAST, FILLER, VAGUE, isMetaWord, isReferralWord } from './deflections.ts';
import { memoize } from './memo.ts';
import { aspectsOf, enumerates, figureFits, otherAspect } from './presence-evidence.ts';
import { DEFERS, DISCLAIMER, FOUND_LEAD, RULE_TEXT, SOURCE_LABEL, ERROR_DETAIL, NAMED_ERROR, OFFERS_OTHER, asksBack } from './presence-frames.ts';
import { trimEnds } from './presence-reply.ts';
import { tokens, ASKING, type Judge, questionWords, isEcho } from './presence-question.ts';
import { ORDER, type Clause, says, deflection, ABOUT_US, CONTINUES, VARIES, USUALLY, CLASS_OPENING, GENERIC_OPENING, GENERIC_LEAD, BANDO_NAME, classify } from './presence-clause.ts';

/**
 * A sentence is cut at its contrasts ("…, ma …"); a part that refuses, falls back, does not know, asks which
 * bando or reports an error is a deflection whole (what it lists is its scope, not an answer); the others are
 * judged clause by clause, so a referral beside content ("scade il 12 gennaio, per informazioni contatti …")
 * leaves the content.
 */
function judgeSentence(sentence: string, ctx: Judge, afterReferral: boolean, names: string, inGenericList: boolean): Clause[] {
  // A source cited ("[Fonte: bando …, art. 7] …") says where a text comes from, not what it says: what follows is.
  if (SOURCE_LABEL.test(sentence)) {
    const rest = sentence.replace(SOURCE_LABEL, '');
    // (The label's own names, "[1] FAQ — «…»", name the source, not what it says.)
    const own = names.split(' ').filter((n) => n !== '' && new RegExp(`\\b${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(rest)).join(' ');
    return rest.trim() === '' ? [{ kind: 'detail' }] : judgeSentence(rest, ctx, afterReferral, own, inGenericList);
  }
  // Once a clause speaks of bandi in general ("typically", "di solito"), what follows it in the sentence does too.
  const state = { referral: afterReferral, generic: false, usual: false };
  // The question repeated whole, maybe after "Domanda:" (which the cut at ':' below would leave as a clause).
  if (isEcho(sentence, ctx)) return [{ kind: 'echo' }];
  const whole = trimEnds(sentence);
  if (VAGUE.test(whole)) return [{ kind: 'filler' }];
  const { inQuestion, about, onTopic } = questionWords(ctx.question);
  // Nothing of its own to weigh: no figure the question lacks, no name it does not give.
  const valueless = !figureFits(whole, [], ctx.question) && !names.split(' ').some((n) => n !== '' && !n.split(/[^\p{L}\p{N}]+/u).every((w) => w === '' || inQuestion(w)));
  // "Dai documenti recuperati:", "Here is what I found:": a lead into quotes or items, itself saying nothing. So is
  // a disclaimer about what the bot says ("le informazioni fornite hanno carattere orientativo").
  if ((FOUND_LEAD.test(whole + (sentence.trim().endsWith(':') ? ':' : '')) && valueless) || DISCLAIMER.test(whole)) return [{ kind: 'some' }];
  // "Il contributo, ove previsto, va versato secondo le modalità indicate nel bando": the value left to another text,
  // whatever the sentence's commas cut off (its subject), unless it gives a figure or a name.
  if (valueless && DEFERS.test(whole) && RULE_TEXT.test(whole) && !RULE_TEXT.test(ctx.question.replace(BANDO_NAME, ' ')) && !ORDER.some((k) => k !== 'referral' && says(k, whole)))
    return [{ kind: 'deflection', as: 'referral' }];
  // A question put back to the user once a bando was named ("Is the park naturalist full-time?", the question
  // translated or reworded): it asks, it does not answer (what it says is judged below, and weighs nothing).
  const asks = ctx.bandoNamed && /\?$/.test(sentence.trim()) && valueless;
  // "Posso però aiutarti con altri temi: per esempio …": an offer, whatever it lists (a figure aside).
  if (OFFERS_OTHER.test(whole) && !/\d/.test(whole) && !ORDER.some((k) => says(k, whole))) return [{ kind: 'filler' }];
  if (ERROR_DETAIL.test(whole)) return [NAMED_ERROR.test(whole) ? { kind: 'deflection', as: 'error' } : { kind: 'detail' }];
  // "None." answers an English "how many …?"; to an Italian question it is a null printed as text.
  if (whole === 'none' && ctx.english) return [{ kind: 'content' }];
  if (ctx.bandoNamed && asksBack(sentence) && !/\d/.test(sentence) && !FILLER.some((re) => re.test(whole))) {
    // Asking the user back about what they named ("Which posting are you asking about?"): words of the
    // conversation and of the question, and at most a few more.
    const more = tokens(whole).filter((w) => !isMetaWord(w) && !ASKING.test(w) && !inQuestion(w));
    if (more.length <= 3) return [{ kind: 'deflection', as: 'asks-which' }];
  }
  // Opening on bandi in general ("In generale, nei concorsi …"), or an item of a list of general advice: every
  // clause of the sentence is about them.
  // (Or leading into its own list of general advice: "Ecco alcune regole generali per le prove: arriva presto, …".)
  const lead = /^[^:]+:/.exec(whole)?.[0];
  const generic = inGenericList || GENERIC_OPENING.test(whole) || (ctx.bandoNamed && lead !== undefined && GENERIC_LEAD.test(lead));
  const classwide = inGenericList || CLASS_OPENING.test(whole);
  // A sentence that recites other aspects of the bando than the one asked, two or more ("4 posts, full-time" to
  // "which exam subjects?"): its names and figures answer something else. (One aspect alone may be the asked one
  // in other words: "SPID o CIE" to "which documents?".)
  // (Not when it names the question's own subject: "il ricorso al TAR entro 60 giorni" to "posso fare ricorso?".)
  // (The bando's code or names, "PMR-COM-2028", are no subject.)
  const namedParts = new Set(ctx.named.flatMap((n) => n.split(/[^\p{L}\p{N}]+/u)));
  const aside = otherAspect(whole, about) && aspectsOf(whole).length >= 2 && !tokens(whole).some((w) => onTopic(w) && !/\d/.test(w) && !namedParts.has(w));
  // A list of things gives no amount, length or count ("written, practical and oral" to "what's the salary?").
  const onlyMeasures = ctx.slots.length > 0 && ctx.slots.every((s) => s === 'amount' || s === 'duration' || s === 'count');
  const concrete = (item: string) => tokens(item).some((w) => !isMetaWord(w) && !isReferralWord(w) && !questionWords(ctx.question).inQuestion(w) && !ABOUT_US.test(w));
  const clauses = sentence
    .split(/,?\s+(?=(?:ma|pero|tuttavia|invece|but|however|yet)\b)/)
    // "Posso però fornirle …", "I can however …": a verb and its contrast are one clause.
    .reduce<string[]>((parts, part, i, all) => (i > 0 && (all[i - 1] ?? '').trim().split(/\s+/).length <= 2 ? [...parts.slice(0, -1), `${parts.at(-1) ?? ''} ${part}`] : [...parts, part]), [])
    .flatMap((part) => {
      const p = trimEnds(part.replace(CONTRAST, ''));
      const as = deflection(p, ctx, ORDER.filter((k) => k !== 'referral'));
      // "Non ho capito a quale bando si riferisce": asking which bando when none was named is the right reply.
      const clarifies = as === 'fallback' && !ctx.bandoNamed && says('asks-which', p);
      if (as && !clarifies && !FILLER.some((re) => re.test(p))) return [{ kind: 'deflection', as } as Clause];
      // "Documento d'identità, diploma e ricevuta": a list of things names what was asked (cut at its commas,
      // each item alone would say little).
      // A part said as a guess or under a condition carries what an answer carries, but does not assert it.
      const tentative = TENTATIVE.test(p);
      if (enumerates(p, concrete) && !onlyMeasures && !aside && !says('referral', p) && !(ctx.bandoNamed && (generic || state.generic))) return [{ kind: tentative ? 'tentative' : 'content' } as Clause];
      // (Not inside a figure: "2,050 euro", "alle 9:30".)
      return p.split(/[,:]+(?!\d)|(?<!\d)[,:]+|\s[—–-]\s/).map((c) => {
        const k = classify(c, ctx, names, { generic: generic || state.generic, classwide, usual: classwide || state.usual, aside });
        // After "di solito …" or "può variare in base a …", the rest of the sentence is about bandi in general too.
        if (ctx.bandoNamed && USUALLY.test(c)) state.usual = true;
        if (ctx.bandoNamed && (USUALLY.test(c) || VARIES.test(c))) state.generic = true;
        // What follows a referral and points back at it ("…, che le saprà rispondere", "they'll know") is still
        // the referral, unless it gives a figure ("…, che è aperto dalle 9 alle 12").
        const continues = state.referral && (k.kind === 'content' || k.kind === 'claim') && CONTINUES.test(trimEnds(c)) && !/\d/.test(c);
        const out: Clause = continues ? { kind: 'deflection', as: 'referral' } : tentative && (k.kind === 'content' || k.kind === 'polar') ? { kind: 'tentative' } : k;
        if (out.kind === 'deflection' && out.as === 'referral') state.referral = true;
        else if (out.kind === 'content') state.referral = false;
        return out;
      });
    });
  // "Sì" or "No" answers a yes/no question, unless the sentence refuses, falls back or fails ("No, non posso").
  const declines = clauses.some((c) => c.kind === 'deflection' && (c.as === 'refusal' || c.as === 'fallback' || c.as === 'error' || c.as === 'dont-know'));
  // To a question asking what, when, where…, a bare yes or no takes no side: only "nessuno", "tutti" answer.
  const out = clauses.map((c) => (c.kind === 'polar' ? ({ kind: declines || (ctx.wh && c.yesNo) ? 'filler' : 'content' } as Clause) : c));
  // A quoted passage ("«La commissione è composta da …»") that never names what was asked, to a question asking for
  // no kind of value (a title giving "n. 12 posti" answers "how many?"), quotes something else.
  const offQuote = ctx.bandoNamed && ctx.slots.length === 0 && /^[«“"][^«“"]*[»”"][.!]?$|^[«“"][^»”"]*$/.test(sentence.trim()) && !tokens(whole).some((w) => onTopic(w) && !ctx.named.includes(w));
  return offQuote || asks ? out.map((c) => (c.kind === 'content' ? { kind: 'some' } : c)) : out;
}

/**
 * A sentence that does not assert what it says: a condition ("se è prevista …", "qualora …", "if there is …") or a
 * guess ("potrebbe essere …", "forse", "probabilmente", "è solo una stima", "it might be", "I think").
 */
export const TENTATIVE =
  /^(?:\S+ )?(?:se|qualora|nel caso|in caso|laddove|ove|if|should|in case|where)\b|\b(?:potrebbe|potrebbero|forse|probabilmente|presumibilmente|immagino|suppongo|ipotizz\w*|stima|indicativ\w*|might|maybe|perhaps|probably|possibly|presumably|i (?:think|guess|suppose|believe|assume)|could be|may be|estimate|guess)\b/;

/** judgeSentence memoised: a mutant changes one sentence of its answer, the others were judged already. */
export const judgedSentence = memoize(judgeSentence, (sentence, judge, afterReferral, names, inGenericList) => `${afterReferral ? 1 : 0}${inGenericList ? 1 : 0}${judge.key}\u0000${sentence}\u0000${names}`);

/** The reply's names (presence-evidence.ts namesIn) that occur in this sentence, as one string (a memo key). */
export function namesOf(sentence: string, names: Set<string>): string {
  if (names.size === 0) return '';
  const here = new Set(sentence.match(/[\p{L}\p{N}]+/gu) ?? []);
  return [...names].filter((n) => here.has(n)).sort().join(' ');
}

/** Whether, after these clauses, the last thing said was a referral (what follows may point back at it). */
export function referralLast(clauses: Clause[], before: boolean): boolean {
  for (let i = clauses.length - 1; i >= 0; i--) {
    const c = clauses[i];
    if (c?.kind === 'deflection' && c.as === 'referral') return true;
    if (c?.kind === 'content') return false;
  }
  return before;
}
