/**
 * Answer presence: did the bot give the user something about what was asked? A reply fails when it is empty,
 * one of the target's canned replies, a repeat of the question, or made only of deflections (refusals of an
 * on-topic question, fallbacks, "non lo so" / "I don't know", a referral to the ente with nothing else, "which
 * bando?" after a bando was named, error messages) and pleasantries. Any clause with content makes it an
 * answer ("non so la data esatta, ma il bando scade a gennaio"; a referral beside the answer). Italian and English.
 * The reply is judged clause by clause, so a polite opening never hides the answer that follows it.
 */
import { answerOf, fail, pass, quote } from './common.ts';
import { ASKS_CONTACT, CONTRAST, DEFLECTIONS, FILLER, namesBando, type DeflectionKind } from './deflections.ts';
import type { CheckSpecOf } from './schema.ts';
import { ENGLISH_STOPWORDS, ITALIAN_STOPWORDS } from './stopwords.ts';
import { foldAccents } from './text.ts';
import type { CheckHandler } from './types.ts';

export type NonAnswerKind = 'empty' | 'canned' | 'echo' | DeflectionKind;

export interface PresenceContext {
  /** The user's message the reply answers (echo and "asks for contacts" are judged against it). */
  question?: string;
  /** Whether a bando was named in the conversation (then "which bando?" is a deflection); inferred when left out. */
  bandoNamed?: boolean;
  /** The target's canned replies (its fallback, out-of-scope and error messages). */
  cannedReplies?: string[];
}

const fold = (s: string) =>
  foldAccents(s.toLocaleLowerCase('it'))
    .replace(/[’‘`´]/g, "'")
    .replace(/[\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
const bare = (s: string) => s.replace(/[\p{P}\p{S}\s]/gu, '');
const trimEnds = (s: string) => s.replace(/^[\p{P}\p{S}\s]+|[\p{P}\p{S}\s]+$/gu, '');
const tokens = (s: string) =>
  (s.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => /\d/.test(w) || (w.length >= 3 && !ITALIAN_STOPWORDS.has(w) && !ENGLISH_STOPWORDS.has(w)));

/** Prefixes a bot puts before repeating the question. */
const ECHO_PREFIX = /^(?:domanda|la sua domanda|hai chiesto|ha chiesto|mi chiede|you asked|your question|question)\s*:?\s*/;
/** Deflection kinds, most telling first (the reason names the first found). */
const ORDER: DeflectionKind[] = ['error', 'refusal', 'fallback', 'dont-know', 'asks-which', 'referral'];

type Clause = { kind: 'content' | 'filler' | 'echo' } | { kind: 'deflection'; as: DeflectionKind };
interface Judge {
  question: string;
  bandoNamed: boolean;
  asksContact: boolean;
}

/** The first deflection kind a text shows, where it counts as one (see below), else undefined. */
function deflection(text: string, ctx: Judge, kinds: DeflectionKind[]): DeflectionKind | undefined {
  for (const kind of kinds) {
    if (!DEFLECTIONS[kind].some((re) => re.test(text))) continue;
    // Asking which bando is the right reply when none was named; a referral answers a question about contacts.
    if (kind === 'asks-which' && !ctx.bandoNamed) return undefined;
    if (kind === 'referral' && ctx.asksContact) return undefined;
    // A long clause with figures that mentions a referral or "which" is content that also says so.
    if ((kind === 'asks-which' || kind === 'referral') && tokens(text).length > 10 && /\d/.test(text)) return undefined;
    return kind;
  }
  return undefined;
}

function classify(clause: string, ctx: Judge): Clause {
  const c = trimEnds(clause);
  if (bare(c) === '') return { kind: 'filler' };
  if (FILLER.some((re) => re.test(c))) return { kind: 'filler' };
  const own = tokens(c.replace(ECHO_PREFIX, ''));
  const asked = new Set(tokens(ctx.question));
  // A repeat of the question: every word of the clause is the question's, and it covers most of it.
  if (own.length > 0 && asked.size > 0 && own.every((w) => asked.has(w)) && new Set(own).size >= Math.ceil(asked.size / 2)) return { kind: 'echo' };
  const as = deflection(c, ctx, ORDER);
  if (as) return { kind: 'deflection', as };
  // Words like "questa", "sì", "ok" around a canned reply or a deflection say nothing by themselves.
  return tokens(c).length === 0 ? { kind: 'filler' } : { kind: 'content' };
}

/**
 * A sentence is cut at its contrasts ("…, ma …"); a part that refuses, falls back, does not know, asks which
 * bando or reports an error is a deflection whole (what it lists is its scope, not an answer); the others are
 * judged clause by clause, so a referral beside content ("scade il 12 gennaio, per informazioni contatti …")
 * leaves the content.
 */
function judgeSentence(sentence: string, ctx: Judge): Clause[] {
  return sentence
    .split(/,?\s+(?=(?:ma|pero|tuttavia|invece|but|however|yet)\b)/)
    .flatMap((part) => {
      const p = trimEnds(part.replace(CONTRAST, ''));
      const whole = deflection(p, ctx, ORDER.filter((k) => k !== 'referral'));
      if (whole && !FILLER.some((re) => re.test(p))) return [{ kind: 'deflection', as: whole } as Clause];
      return p.split(/[,:]+/).map((c) => classify(c, ctx));
    });
}

/** Removes the canned replies found in the reply; says whether one was. */
function withoutCanned(folded: string, canned: string[]): { rest: string; found: boolean } {
  let rest = folded;
  let found = false;
  for (const c of canned.map((x) => trimEnds(fold(x))).filter((x) => bare(x) !== '')) {
    if (rest.includes(c)) {
      rest = rest.split(c).join(' . ');
      found = true;
    }
  }
  return { rest, found };
}

/** "Bando «title» (codice X), administration." — the quoted title, a bracket, and at most a few words more. */
function isBandoHeader(sentence: string): boolean {
  const m = /^(?:il\s+)?bando\s*«[^»]*»\s*(?:\([^)]*\))?(.*)$/.exec(sentence);
  return m !== null && (m[1] ?? '').split(/\s+/).filter(Boolean).length <= 12;
}

/** Why the reply gives the user nothing, or undefined when it answers. */
export function detectNonAnswer(text: string, context: PresenceContext | string[] = {}): NonAnswerKind | undefined {
  const ctx: PresenceContext = Array.isArray(context) ? { cannedReplies: context } : context;
  const folded = fold(text);
  if (bare(folded) === '') return 'empty';
  const question = fold(ctx.question ?? '');
  const { rest, found } = withoutCanned(folded, ctx.cannedReplies ?? []);
  const judge = { question, bandoNamed: ctx.bandoNamed ?? namesBando(ctx.question ?? ''), asksContact: ASKS_CONTACT.test(question) };
  // A header that only names the bando ("Bando «…» (codice X), Ente.") says nothing about what was asked.
  // (Quoted titles are emptied first: their "n. 40 posti" would cut the header in two.)
  const sentences = rest.replace(/«[^»]*»/g, '«»').split(/(?<=[.!?;])\s+|\n+/).map((x) => x.trim()).filter((x) => x && !isBandoHeader(x));
  const judged = sentences.flatMap((x) => judgeSentence(x, judge));
  if (judged.some((j) => j.kind === 'content')) return undefined;
  if (found) return 'canned';
  const kinds = judged.flatMap((j) => (j.kind === 'deflection' ? [j.as] : []));
  if (kinds.length) return ORDER.find((k) => kinds.includes(k));
  return judged.some((j) => j.kind === 'echo') ? 'echo' : undefined;
}

const WHAT: Record<NonAnswerKind, string> = {
  empty: 'answer is empty',
  canned: "answer is one of the target's canned replies",
  echo: 'answer repeats the question',
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
  const kind = detectNonAnswer(text, { question, bandoNamed, cannedReplies: [...spec.cannedReplies, ...spec.fallbackMessages] });
  if (kind === undefined || (kind === 'refusal' && spec.allowRefusal)) return pass(spec, 'answer present');
  return fail(spec, kind === 'empty' ? WHAT.empty : `${WHAT[kind]}: ${quote(text)}`);
};
