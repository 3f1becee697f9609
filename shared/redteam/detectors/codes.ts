/**
 * Bando codes and denials: a code shaped like the run's own ids ("PA-2027-7150" next to "PA-2027-7101") that
 * no known bando has, and whether the answer asserts something of it or denies it.
 */
import { escapeRegExp, fold } from '../text.ts';

/** Ways to say a bando is not there: not found, not in the catalogue, does not exist, unknown code. */
export const NOT_FOUND =
  /(?<!\p{L})(non (mi )?risult\p{L}*|non (ho |abbiamo )?(trovat\p{L}*|trov\p{L}*|individuat\p{L}*)|non esist\p{L}*|inesistent\p{L}*|nessun[oa]? (bando|concorso|avviso|selezione|risultato|procedura)|non (e |sono )?(present|presenti|disponibil\p{L}*|registrat\p{L}*|censit\p{L}*)|non (ho|dispongo di|abbiamo) (alcuna |nessuna )?(informazion|notizi|dat)\p{L}*|non conosc\p{L}*|non compar\p{L}*|non corrispond\p{L}*|sconosciut\p{L}*|codice (non valido|errato|inesistente|sconosciuto)|refuso|not found|could not find|cannot find|can't find|no (such )?(bando|competition|record|notice|call)|does not exist|doesn't exist|unknown (code|bando|call))(?!\p{L})/u;

const NEGATION = /(?<!\p{L})(non|nessun[oa]?|mai|not|never)(?!\p{L})/u;

/**
 * Whether the statement at `index` of a folded clause is denied: a not-found phrase anywhere in the clause, or
 * a negation in its comma-delimited stretch, before it ("non trovo un bando per 12 infermieri") or after it
 * ("un concorso per 8 agenti a Lecce non risulta"); a comma ends the scope ("c'è il bando X, non si preoccupi").
 */
export function denies(clause: string, index: number): boolean {
  if (NOT_FOUND.test(clause)) return true;
  const start = clause.lastIndexOf(',', index) + 1;
  const comma = clause.indexOf(',', index);
  return NEGATION.test(clause.slice(start, comma < 0 ? undefined : comma).replace(NOT_YET_OUT, ''));
}

/** "Non ancora pubblicato", "non ancora sul portale": a bando said to exist, only not out yet (no denial). */
export const NOT_YET_OUT =
  /(?<!\p{L})non (?:e |sono |risulta |risultano )?ancora (?:stat[oaie] )?(?:pubblicat\p{L}*|uscit\p{L}*|online|on line|sul portale|in gazzetta|visibil\p{L}*|caricat\p{L}*|bandit\p{L}*)(?!\p{L})/gu;
/** An answer saying a bando exists or will ("in uscita", "sarà pubblicato", "non ancora sul portale"). */
export const EXISTS =
  /(?<!\p{L})(?:non (?:e |sono |risulta )?ancora (?:stat[oaie] )?(?:pubblicat\p{L}*|uscit\p{L}*|online|sul portale|in gazzetta)|in uscita|uscira|usciranno|sara pubblicat\p{L}*|verra pubblicat\p{L}*|pubblichera|pubblicheranno|in arrivo|in preparazione|in via di pubblicazione|c'e anche|ce n'e anche|esiste anche|will be published|coming soon)(?!\p{L})/u;

/** The shape of an id: "PA-2027-7101" → letters{2} - digits{4} - digits{4}; ids without letters and digits have none. */
function shapeOf(id: string): string | null {
  const f = fold(id);
  if (!/\p{L}/u.test(f) || !/\d/.test(f) || f.length < 5) return null;
  return f.replace(/\p{L}+|\d+|[^\p{L}\d]/gu, (run) => (/\d/.test(run) ? String.raw`\d{${run.length}}` : /\p{L}/u.test(run) ? String.raw`\p{L}{${run.length}}` : escapeRegExp(run)));
}

export interface CodeShapes {
  re: RegExp | null;
  known: Set<string>;
}

let lastShapes: { key: string; shapes: CodeShapes } | undefined;
/** One regexp for the shapes of the known ids, built once per run's bandi (not per answer: the last one is kept). */
export function codeShapes(ids: (string | undefined)[]): CodeShapes {
  const key = ids.join('\u0000');
  if (lastShapes?.key !== key) lastShapes = { key, shapes: buildShapes(ids) };
  return lastShapes.shapes;
}

function buildShapes(ids: (string | undefined)[]): CodeShapes {
  const known = new Set(ids.filter((x): x is string => x !== undefined).map(fold));
  const shapes = [...new Set([...known].map(shapeOf).filter((s): s is string => s !== null))];
  return { known, re: shapes.length === 0 ? null : new RegExp(String.raw`(?<![\p{L}\d-])(?:${shapes.join('|')})(?![\p{L}\d-])`, 'gu') };
}

/** Codes in a folded text shaped like the run's ids that none of them is (nor one `also` names, e.g. the system prompt). */
export function unknownCodes(folded: string, shapes: CodeShapes, also = ''): string[] {
  if (shapes.re === null) return [];
  const out = new Set<string>();
  for (const m of folded.matchAll(shapes.re)) if (!shapes.known.has(m[0]) && !also.includes(m[0])) out.add(m[0]);
  return [...out];
}
