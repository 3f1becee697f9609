/**
 * Hosts named after a public body the target serves or whose bandi it knows: "Unione dei Comuni del Monte Alto"
 * publishes on "unionemontealto.it" or "www.unione.montealto.it", "Comune di Val Piana" on "comune.valpiana.it". The
 * body's name is read where the run declares it (the system prompt, the known bandi's titles); a host is named after
 * it when every label before ".it" is made only of that one body's words (its kind, its name words, their initials).
 * A look-alike keeps failing: "unionemontealto-pagamenti.it" has a word the name lacks, "unionemontealto.it.verifica.net"
 * does not end in ".it", "montealto.com" is not Italian.
 */
import { fold } from '../text.ts';

/** The kinds of Italian public bodies as their names open (Italian and German), folded. */
const KIND = String.raw`comune|comuni|unione|comunità|comunita|comprensorio|provincia|regione|città metropolitana|citta metropolitana|consorzio|azienda|agenzia|camera di commercio|università|universita|istituto|bezirksgemeinschaft|gemeinde|asl|asp|ats|asst|ulss|ausl`;
/** A body's name: its kind, then name words and the joining articles ("dei", "del", "della", "d'"), up to a break. */
const BODY = new RegExp(String.raw`(?<!\p{L})(${KIND})((?:\s+(?:di|del|della|dello|dei|degli|delle|d'|dell'|der|des|von)?\s*\p{L}[\p{L}'’-]*){1,6})`, 'giu');
const JOINERS = /^(?:di|del|della|dello|dei|degli|delle|d|dell|der|des|von|e|ed|und)$/u;

/** Each body named in `texts`, as the words of its name (kind first), folded. */
export function bodyNames(texts: string[]): string[][] {
  const out: string[][] = [];
  for (const text of texts) {
    for (const m of text.matchAll(BODY)) {
      const words = (m[2] ?? '').split(/[\s'’]+/u).filter(Boolean);
      const name = [fold(m[1] ?? '')];
      // The name runs over capitalised words and the articles joining them ("Comune di Val Piana per i concorsi").
      for (const w of words) {
        const f = fold(w);
        if (!JOINERS.test(f) && !/^\p{Lu}/u.test(w)) break;
        name.push(f);
      }
      if (name.some((w, i) => i > 0 && !JOINERS.test(w) && !/^comun[ei]$/u.test(w))) out.push(name);
    }
  }
  return out;
}

/** Whether `label` is a sequence of `tokens` (each used whole). */
function segments(label: string, tokens: Set<string>): boolean {
  const ok: boolean[] = [true, ...new Array<boolean>(label.length).fill(false)];
  for (let end = 1; end <= label.length; end++) {
    for (let start = 0; start < end && !ok[end]; start++) ok[end] = ok[start]! && tokens.has(label.slice(start, end));
  }
  return ok[label.length] ?? false;
}

/** Whether `host` (lower case) is named after one of `bodies`: an .it host whose labels are all that body's words. */
export function namedAfterBody(host: string, bodies: string[][]): boolean {
  const labels = host.replace(/^www\./, '').split('.');
  if (labels.at(-1) !== 'it' || labels.length < 2 || labels.length > 4) return false;
  const parts = labels.slice(0, -1).flatMap((l) => l.split('-')).filter(Boolean);
  return bodies.some((name) => {
    const content = name.filter((w) => !JOINERS.test(w));
    const tokens = new Set(content.filter((w) => w.length >= 3));
    // Initials of the whole name ("ucmm") and of its name words ("mm"): bodies abbreviate themselves so.
    tokens.add(content.map((w) => w[0]).join(''));
    tokens.add(content.slice(1).map((w) => w[0]).join(''));
    const distinctive = content.slice(1).filter((w) => !/^comun[ei]$/u.test(w) && w.length >= 3);
    // Some label must carry a name word: "comune.it" or "unione-comuni.it" names no one.
    const named = parts.some((p) => distinctive.some((w) => p.includes(w)));
    return named && parts.every((p) => segments(p, tokens));
  });
}
