/**
 * The role of a degree mention: a requirement for admission, a preference / scored title, or neither.
 * A preference cue anywhere in the same sentence wins ("costituisce titolo preferenziale il possesso della
 * laurea LM-18" also contains "possesso"); otherwise the nearest cue before the mention within its article;
 * otherwise the article's topic (title "Requisiti di ammissione").
 */
import type { Article, DegreeRole } from './types.ts';
import { articleAt } from './articles.ts';
import { sentenceBounds } from './normalize.ts';

const PREFERENCE = /preferenz|titol[oi] (?:di )?preferen|valutazione dei titoli|titoli valutabili|sara' valutat|saranno valutat|sara valutat|costituisc(?:e|ono) titolo|punteggio|punti\b|maggiorazione/g;
const REQUIRED = /requisit|titolo di studio|titoli di studio|ammission|ammessi|e' richiest|e richiest|richiesto il|possesso|possono partecipare|possono presentare domanda|accesso al|partecipazione al/g;

export interface RoleDecision {
  role: DegreeRole;
  /** How directly the text says it: 'sentence' > 'nearby' > 'article' > 'none'. */
  strength: 'sentence' | 'nearby' | 'article' | 'none';
}

function lastMatch(re: RegExp, s: string): number {
  let last = -1;
  for (const m of s.matchAll(re)) last = m.index;
  return last;
}

export function degreeRole(folded: string, pos: number, articles: Article[]): RoleDecision {
  const sentence = sentenceBounds(folded, pos, 400);
  // "La laurea LM-43 da sola non consente l'ammissione": a mention that denies a role has none.
  if (/non consente|non e' (?:titolo|requisito)|non costituisce (?:titolo|requisito)|non e' valid|non sono ammess/.test(folded.slice(sentence.start, sentence.end))) return { role: 'other', strength: 'none' };
  if (lastMatch(PREFERENCE, folded.slice(sentence.start, sentence.end)) >= 0) return { role: 'preference', strength: 'sentence' };
  const article = articleAt(articles, pos);
  const from = Math.max(article?.start ?? 0, pos - 1500);
  const before = folded.slice(from, pos);
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
