/**
 * How a degree written in the metadata is identified, shared by the diff and the benchmark so both judge a
 * match the same way. Portals write the same title several ways: "L/18", "classe 17 (DM 509/99)",
 * "Economia e commercio (vecchio ordinamento)", "diploma universitario di Infermiere".
 */
import { normName, normalizeDegreeCode } from './normalize.ts';
import { reference } from './reference.ts';

export type MetaDegreeKind = 'class' | 'name' | 'title';
export interface MetaDegree {
  kind: MetaDegreeKind;
  /** Class code (L-18, 64/S, 17) for 'class'; the name without "(vecchio ordinamento)" for 'name'; as written for 'title'. */
  value: string;
}

/** Titles that are not university degree classes nor laurea names: compared by words, never by code. */
const TITLE_WORD = /^(?:diploma(?! di laurea)|dottorato|qualifica|attestato|abilitazione|licenza|master|specializzazione)\b/;

export function parseMetaDegree(raw: string): MetaDegree {
  const s = raw.trim();
  // "classe 17 (DM 509/99)", "classe 17": a DM 509/99 triennale by its bare number.
  const bare = /^class[ei]\s+(?:n\.\s*)?(\d{1,3}(?:\s*\/\s*S)?)\b/i.exec(s)?.[1];
  const code = normalizeDegreeCode(bare ?? s);
  if (code && reference().degreesByCode.has(code)) return { kind: 'class', value: code };
  if (TITLE_WORD.test(normName(s))) return { kind: 'title', value: s };
  // "Economia e commercio (diploma di laurea vecchio ordinamento)", "Laurea in Ingegneria": the name itself.
  const name = s
    .replace(/\s*\([^)]*(?:vecchio ordinamento|previgente|v\.\s?o\.)[^)]*\)\s*$/i, '')
    .replace(/^(?:diploma di laurea|laurea(?:\s+(?:magistrale|specialistica|triennale))?)\s+(?:in\s+)?/i, '');
  return { kind: 'name', value: name };
}

/** True when the metadata said outright the degree is of the old system, so no class code stands for it. */
export const isOldSystem = (raw: string) => /vecchio ordinamento|previgente|\bv\.\s?o\.\)/i.test(raw);

const FILLER = new Set(['di', 'in', 'del', 'della', 'dei', 'delle', 'e', 'ed', 'nel', 'nella', 'il', 'la', 'l', 'lo', 'settore', 'indirizzo', 'durata', 'quinquennale', 'tecnologico', 'grado']);
function titleWords(s: string): Set<string> {
  const n = normName(s).replace(/\bscuola secondaria\b/g, 'istruzione secondaria').replace(/\bsuperiore\b/g, 'secondo');
  return new Set(n.split(' ').filter((w) => w && !FILLER.has(w)));
}

/**
 * Two titles are the same when the words of one are all among the words of the other: "diploma di istruzione
 * tecnica indirizzo Costruzioni, ambiente e territorio" is the text's "diploma di istruzione tecnica, settore
 * tecnologico, indirizzo «Costruzioni, ambiente e territorio»"; "diploma universitario di Infermiere" is not
 * "diploma universitario di Ostetrica".
 */
export function sameTitle(a: string, b: string): boolean {
  const wa = titleWords(a);
  const wb = titleWords(b);
  if (!wa.size || !wb.size) return false;
  const [small, big] = wa.size <= wb.size ? [wa, wb] : [wb, wa];
  return [...small].every((w) => big.has(w));
}
