/**
 * Admission titles that are not degree classes: school diplomas ("diploma di istruzione secondaria di secondo
 * grado", "diploma di geometra"), pre-reform university diplomas ("diploma universitario di Infermiere"),
 * doctorates and professional qualifications. No official vocabulary lists them, so they are kept as written
 * and compared by words (see sameTitle in degree-match.ts). A lower-secondary diploma ("scuola secondaria di
 * primo grado") is compulsory schooling, not something portals index, so it is not read.
 */
import type { Article, DegreeEntity, Island } from './types.ts';
import { matchInIslands } from './articles.ts';
import { degreeRole, ROLE_CONFIDENCE } from './degree-role.ts';
import { foldKeepLength, snippet } from './normalize.ts';

const TITLE_RE =
  /\b(?:diploma di (?:istruzione|scuola) secondaria (?:superiore|di secondo grado)|diploma di maturita|diploma universitario (?:di|in)(?=\s+\S)|diploma di (?:geometra|perito|ragioniere|assistente sociale|istruzione tecnica|istruzione professionale|specializzazione)|dottorato di ricerca|qualifica professionale)/g;
/** Where the title's own words end: punctuation, an alternative, or the legal basis that follows it. */
const STOP = /[;.,:(\n«»]|\s(?:ovvero|oppure|o|conseguit\w*|di cui|ai sensi|rilasciat\w*|che|unitamente|abilitante|purche|valutat\w*|alla data|entro|per|da)\b/;

export function extractTitles(text: string, articles: Article[], islands: Island[]): DegreeEntity[] {
  const folded = foldKeepLength(text);
  const out: DegreeEntity[] = [];
  let covered = -1;
  for (const m of matchInIslands(text, islands, TITLE_RE, folded)) {
    // A title inside the gloss of the previous one ("… secondo grado (diploma di maturità)") is the same title.
    if (m.index < covered) continue;
    // Fixed phrases end with the match; open ones ("diploma universitario di …") run to the next stop.
    const open = !/secondaria|maturita/.test(m[0]);
    const from = m.index + m[0].length;
    const stop = open ? STOP.exec(folded.slice(from, from + 90)) : null;
    const end = open ? from + (stop ? stop.index : Math.min(90, folded.length - from)) : from;
    let name = text.slice(m.index, end).trim();
    // "… (diploma di maturità)", "… (operatore elettrico)": a gloss right after the title is part of it.
    const gloss = /^\s*\(([^)]{2,60})\)/.exec(text.slice(end, end + 70));
    if (gloss?.[1]) name += ` (${gloss[1]})`;
    covered = end + (gloss ? gloss[0].length : 0);
    // "diploma di istruzione tecnica, settore tecnologico, indirizzo «Costruzioni, ambiente e territorio»".
    const branch = /^[^;.\n]{0,60}?\bindirizzo\s+«([^»]{2,80})»/i.exec(text.slice(end, end + 160));
    if (branch?.[1]) name += ` indirizzo ${branch[1]}`;
    const r = degreeRole(folded, m.index, articles, end);
    out.push({
      kind: 'degree',
      system: 'title',
      name,
      written: text.slice(m.index, end),
      role: r.role,
      ...(r.cue ? { roleCue: r.cue } : {}),
      confidence: Math.round(0.8 * ROLE_CONFIDENCE[r.strength] * 100) / 100,
      evidence: snippet(text, m.index, end),
    });
  }
  return out;
}
