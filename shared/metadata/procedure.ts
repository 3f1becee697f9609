/**
 * Procedure type and selection method, from the bando's TITLE: the first line near the top that opens with the
 * procedure's name ("CONCORSO PUBBLICO, PER ESAMI, …", "Avviso pubblico di mobilità …") or is written in capitals
 * and names one. The letterhead above it ("Servizio Reclutamento e Selezione", "Ufficio concorsi") names offices,
 * not the procedure, and is skipped. A notice of "avviso pubblico di mobilità" is a mobilità (likewise a
 * progressione); otherwise the kind named first in the title wins. The selection method is the title's "per
 * esami" / "per titoli ed esami" / "per (soli) titoli" / "per titoli e colloquio" / "per colloquio"; when the
 * title does not say it, the first statement of the procedure in the body ("è indetto concorso …, per esami").
 * A prova preselettiva or a language test does not change the method.
 */
import type { Island, ProcedureEntity, SelectionEntity } from './types.ts';
import type { TenderMetadata } from '../tender/metadata.ts';
import type { SelectionMethod } from './input.ts';
import { foldKeepLength, snippet } from './normalize.ts';

const KINDS: [TenderMetadata['procedure'], RegExp][] = [
  ['mobilita', /\bmobilita\b/],
  ['progressione', /\bprogression[ei]\s+(?:vertical|economic|tra le aree|di carriera)/],
  ['concorso', /\bconcors[oi]\b|\bcorso-concorso\b/],
  ['selezione', /\bselezion[ei]\b|\bprocedura selettiva\b|\bprocedura comparativa\b/],
  ['avviso', /\bavviso\b|\bmanifestazione di interesse\b/],
];
/** "Avviso di mobilità", "procedura di mobilità volontaria", "mobilità esterna ai sensi dell'art. 30". */
const MOBILITY_NOTICE =
  /\b(?:avviso|procedura|bando|selezione|domanda)\b[^.;]{0,40}?\bmobilita\b|\bmobilita\s+(?:volontaria|esterna|interna|tra (?:enti|amministrazioni)|intercompartimentale|compartimentale|obbligatoria|ai sensi|ex art)|^\W*mobilita\b/;
const TITLE_OPENING = /^[ \t#*]*(?:oggetto\s*:\s*)?(?:bando|avviso|concors[oi]|selezione|procedura|manifestazione|corso-concorso)\b/;

/** "per titoli ed esami" → titoli-esami … ; the alternatives longest first so "titoli ed esami" is not read as "titoli". */
export const METHODS: [SelectionMethod, RegExp][] = [
  ['titoli-esami', /\bper\s+titoli\s+ed?\s+esami\b/],
  ['titoli-colloquio', /\bper\s+titoli\s+e\s+(?:colloquio|prova orale)\b/],
  ['titoli', /\bper\s+(?:soli\s+)?titoli\b(?!\s+ed?\s+(?:esami|colloquio|prova))/],
  ['esami', /\bper\s+esami\b/],
  ['colloquio', /\bper\s+(?:solo\s+)?colloquio\b|\bmediante\s+colloquio\b/],
];
const STATEMENT = /\b(?:e' indett[oa]|sono indett[ie]|indice|bandisce|concorso pubblico|selezione pubblica|avviso pubblico|procedura (?:selettiva|comparativa))\b/;

/** Offsets of the title line, if one of the first lines is one. */
function titleLine(folded: string, text: string): { start: number; end: number } | undefined {
  let pos = 0;
  for (let n = 0; n < 40 && pos < Math.min(folded.length, 3000); n++) {
    const end = folded.indexOf('\n', pos) < 0 ? folded.length : folded.indexOf('\n', pos);
    const line = folded.slice(pos, end);
    const raw = text.slice(pos, end);
    const capitals = raw.replace(/[^A-Za-zÀ-ÿ]/g, '');
    const upper = capitals.length > 10 && capitals === capitals.toUpperCase();
    if (TITLE_OPENING.test(line) || (upper && KINDS.some(([, re]) => re.test(line)))) return { start: pos, end };
    pos = end + 1;
  }
  return undefined;
}

function kindIn(text: string, folded: string, from: number, to: number, confidence: number): ProcedureEntity | undefined {
  const part = folded.slice(from, to);
  const found: ProcedureEntity[] = [];
  for (const [value, re] of KINDS) {
    const m = re.exec(part);
    if (!m) continue;
    const e: ProcedureEntity = { kind: 'procedure', value, confidence, evidence: snippet(text, from + m.index, from + m.index + m[0].length) };
    // A mobilità or progressione notice names itself so; "Dipartimento … verde e mobilità" is an office.
    if (value === 'progressione' || (value === 'mobilita' && MOBILITY_NOTICE.test(part))) return e;
    found.push(e);
  }
  found.sort((a, b) => a.evidence.start - b.evidence.start);
  const [first, ...rest] = found;
  // "Avviso di selezione pubblica … concorso": the other kinds the same title names are readings as valid.
  return first && rest.length ? { ...first, also: rest.map((r) => r.value) } : first;
}

export function extractProcedure(text: string, _islands: Island[]): ProcedureEntity[] {
  const folded = foldKeepLength(text);
  const title = titleLine(folded, text);
  const fromTitle = title ? kindIn(text, folded, title.start, title.end, 0.9) : undefined;
  if (fromTitle) return [fromTitle];
  // No title line: the opening (up to the first blank line or 400 characters), then the first part of the text.
  const blank = folded.indexOf('\n\n');
  const head = kindIn(text, folded, 0, Math.min(400, blank > 0 ? blank : 400), 0.9);
  if (head) return [head];
  const body = kindIn(text, folded, 0, 3000, 0.6);
  return body ? [body] : [];
}

function methodIn(text: string, folded: string, from: number, to: number, confidence: number): SelectionEntity | undefined {
  const part = folded.slice(from, to);
  let best: SelectionEntity | undefined;
  for (const [value, re] of METHODS) {
    const m = re.exec(part);
    if (m && (!best || from + m.index < best.evidence.start)) best = { kind: 'selection', value, confidence, evidence: snippet(text, from + m.index, from + m.index + m[0].length) };
  }
  return best;
}

export function extractSelection(text: string, _islands: Island[]): SelectionEntity[] {
  const folded = foldKeepLength(text);
  const title = titleLine(folded, text);
  const inTitle = title ? methodIn(text, folded, title.start, title.end, 0.95) : undefined;
  if (inTitle) return [inTitle];
  // The first sentence that states the procedure ("è indetto concorso pubblico, per titoli ed esami, …").
  for (const m of folded.matchAll(/[^.\n]*(?:\.(?!\s)[^.\n]*)*/g)) {
    if (!STATEMENT.test(m[0])) continue;
    const found = methodIn(text, folded, m.index, m.index + m[0].length, 0.85);
    if (found) return [found];
  }
  return [];
}
