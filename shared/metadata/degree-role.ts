/**
 * The role of a degree mention, read at the level of its clause: a requirement for admission, a preference /
 * scored title, a title the bando excludes, or none (a commission member's title, an alternative to experience,
 * an example). Order of precedence, each within the mention's own sentence:
 *   1. negation scope: "non sono ammessi … L-8", "non è titolo idoneo … L-14", "… non costituiscono titolo di
 *      ammissione" → excluded (unless the clause only excludes titles *other* than the listed ones);
 *   2. the commission: its members' qualifications ("componenti", "esperti", in an article on the commission) → other;
 *   3. a preference / scoring cue anywhere in the sentence → preference ("costituisce titolo preferenziale il
 *      possesso della laurea LM-18" also contains "possesso");
 *   4. the nearest requirement or preference cue before the mention in its article; then after it in the sentence;
 *   5. the article's topic (title "Requisiti di ammissione").
 */
import type { Article, DegreeRole } from './types.ts';
import { articleAt } from './articles.ts';
import { sentenceBounds } from './normalize.ts';

const PREFERENCE = /preferenz|titol[oi] (?:di )?preferen|valutazione dei titoli|titoli valutabili|sara' valutat|saranno valutat|sara valutat|costituisc(?:e|ono) titolo(?! di (?:studio|ammissione|accesso))|punteggio|punti\b|maggiorazione|a titolo esemplificativo|ulterior[ei] (?:titol|laure)|second[ao] laurea/g;
const REQUIRED = /requisit|titolo di studio|titoli di studio|ammission|ammessi|e' richiest|e richiest|richiesto il|possesso|possono partecipare|possono presentare domanda|accesso al|partecipazione al/g;
/** A clause that denies a title the right of admission. */
const NEGATION =
  /\bnon\s+(?:sono|e'|e|vengono|verranno|risultano|costituisc\w*|consent\w*|da(?:nno)?|'?e)\s+(?:[\w']+\s+){0,3}?(?:l')?(?:ammess|ammiss|titol|requisit|accesso|idone|valid|utili|consentit)|\bnon\s+(?:ammess|consentit|idone|valid)\w*|\bsono esclus|\bnon e' oggetto\b|\bnon sono oggetto\b|\bescluse? (?:le|i|la|il) (?:laure|titol|diplom)/;
/** "non sono ammessi titoli diversi da quelli indicati": the list that follows is the admitted one. */
const EXCEPT = /divers[io] da|salvo|tranne|ad eccezione|fatt[io] salv/;
const COMMISSION = /commission|\bcomponent[ei]\b|\bespert[oi] (?:nell|in\b|di\b)|\bsegretari[oa] verbalizzant/;
/** "dottorato … ovvero esperienza almeno triennale": one way among others to qualify, not the admission title. */
const ALTERNATIVE_TO_EXPERIENCE = /^[^;.\n]{0,120}?\b(?:ovvero|oppure|o in alternativa|in alternativa)\s+(?:\w+\s+){0,2}?(?:esperienz|anni di servizio|servizio prestato)/;

export interface RoleDecision {
  role: DegreeRole;
  /** How directly the text says it: 'sentence' > 'nearby' > 'article' > 'none'. */
  strength: 'sentence' | 'nearby' | 'article' | 'none';
  /** Why a mention is not a requirement, when the text says why (shown to the user, used by the diff). */
  cue?: 'excluded' | 'commission' | 'alternative';
}

function lastMatch(re: RegExp, s: string): number {
  let last = -1;
  for (const m of s.matchAll(re)) last = m.index;
  return last;
}

/** Start of the clause holding pos within its sentence: after the last ';' or ':' that opens a new item. */
function clauseStart(folded: string, sentenceStart: number, pos: number): number {
  const before = folded.slice(sentenceStart, pos);
  const cut = Math.max(before.lastIndexOf(';'), before.lastIndexOf('\n-'), before.lastIndexOf('\n'));
  return cut >= 0 ? sentenceStart + cut + 1 : sentenceStart;
}

export function degreeRole(folded: string, pos: number, articles: Article[], end = pos): RoleDecision {
  const sentence = sentenceBounds(folded, pos, 400);
  const text = folded.slice(sentence.start, sentence.end);
  const from = clauseStart(folded, sentence.start, pos);
  const clause = folded.slice(from, sentence.end);
  if (NEGATION.test(clause) && !EXCEPT.test(clause)) return { role: 'excluded', strength: 'sentence', cue: 'excluded' };
  const article = articleAt(articles, pos);
  const articleTitle = article?.number ? article.title.toLowerCase() : '';
  const lead = folded.slice(from, pos);
  if (/commission/.test(articleTitle) || COMMISSION.test(lead)) return { role: 'other', strength: 'sentence', cue: 'commission' };
  if (ALTERNATIVE_TO_EXPERIENCE.test(folded.slice(end, sentence.end))) return { role: 'other', strength: 'sentence', cue: 'alternative' };
  if (lastMatch(PREFERENCE, text) >= 0) return { role: 'preference', strength: 'sentence' };
  const before = folded.slice(Math.max(article?.start ?? 0, pos - 1500), pos);
  const pref = lastMatch(PREFERENCE, before);
  const req = lastMatch(REQUIRED, before);
  if (pref >= 0 || req >= 0) return { role: pref > req ? 'preference' : 'required', strength: 'nearby' };
  const after = folded.slice(pos, sentence.end);
  if (lastMatch(REQUIRED, after) >= 0) return { role: 'required', strength: 'sentence' };
  if (article?.topics.includes('preferences')) return { role: 'preference', strength: 'article' };
  if (article?.topics.includes('requirements')) return { role: 'required', strength: 'article' };
  return { role: 'other', strength: 'none' };
}

export const ROLE_CONFIDENCE: Record<RoleDecision['strength'], number> = { sentence: 0.95, nearby: 0.9, article: 0.8, none: 0.5 };
