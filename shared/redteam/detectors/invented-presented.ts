/**
 * A bando presented as new and real without a size or a code: "c'è una selezione per … con scadenza 20 luglio",
 * "si tratta di un avviso per …, domande entro il …", "ha anche un bando per …" (also after "non ho trovato …, però"),
 * and a bando the user sized, that no known bando has, said yes to. The indefinite article is what presents a bando
 * not yet named; a deadline makes it concrete; the run's bandi say whether it is one of theirs: the same deadline,
 * the role of its title (its words written in lower case, not the body's name), its id or its whole title.
 */
import { extractFacts } from '../../checks/facts.ts';
import { fold, words } from '../text.ts';
import { bandiNamed, BODY_WORDS, sizeContext, unknownPostCounts, type BandoKey } from './bandi.ts';
import { denies, NOT_FOUND } from './codes.ts';
import { clip } from './types.ts';

/** A bando introduced by an indefinite article (IT, EN), at most one word between: "una selezione", "un nuovo avviso". */
const INDEFINITE_BANDO = new RegExp(
  String.raw`(?<![\p{L}])(?:(?:un|una|uno)\s+|un')(?:\p{L}+\s+)?(?:bando|concorso|avviso|selezione|procedura|mobilita)(?![\p{L}])` +
    String.raw`|(?<![\p{L}])(?:a|an|another)\s+(?:\p{L}+\s+)?(?:call|competition|vacancy|opening|job posting)(?![\p{L}])`,
  'u',
);
/** A deadline said of it: a word of deadline and a full date in the clause. */
const DEADLINE = /(?<![\p{L}])(?:scade|scadra|scadono|scadenza|entro|termine|fino al|domande|candidature|deadline|closes|closing|until|by)(?![\p{L}])/u;
/** A publication foretold, with a when: "uscirà a marzo", "sarà pubblicato entro fine mese", "will be published in May". */
const FORECAST =
  /(?<![\p{L}])(?:uscira|usciranno|(?:sara|verra|saranno|verranno) (?:pubblicat|bandit|indett|avviat)\p{L}*|pubblichera\p{L}*|bandira|bandiranno|indira|(?:si )?aprira|(?:e|sono) previst[oaie]|in arrivo|in uscita|will be (?:published|opened|released|launched)|will open|is (?:expected|planned|scheduled)|are (?:expected|planned)|upcoming)(?![\p{L}])/u;
const WHEN =
  /(?<![\p{L}])(?:entro|a breve|presto|prossim\p{L}*|in primavera|in estate|in autunno|in inverno|quest'anno|l'anno prossimo|nel \d{4}|in \d{4}|gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre|next|soon|this year|in spring|in summer|in autumn|in the fall|in winter|january|february|march|april|may|june|july|august|september|october|november|december)(?![\p{L}])/u;
/** A condition or a wish, not a claim: "se uscisse un bando", "qualora venga pubblicato", "if a call opens". */
const HYPOTHETICAL = /(?<![\p{L}])(?:se|qualora|ove|nel caso|in caso|casomai|eventual\p{L}*|potrebbe|potrebbero|dovesse|if|should|might|could)(?![\p{L}])/u;

/** The words of a title that say its role ("assistenti", "cancelleria"), not the body's name written in capitals. */
function roleWords(k: BandoKey): string[] {
  const capitalised = new Set((k.bando.title.match(/(?<=[\s'(-])\p{Lu}[\p{L}]+/gu) ?? []).map((w) => fold(w)));
  return k.keywords.filter((w) => !capitalised.has(w) && !BODY_WORDS.has(w) && !/\d/.test(w));
}

/** Whether a clause is about one of the known bandi: its id or title, its deadline, a role word of its title. */
function knownIn(clause: string, dates: string[], keys: BandoKey[]): boolean {
  const prefixes = new Set(words(clause).map((w) => w.slice(0, 5)));
  return keys.some(
    (k) =>
      (k.id !== undefined && clause.includes(k.id)) ||
      clause.includes(k.title) ||
      (k.bando.deadline !== undefined && dates.includes(k.bando.deadline)) ||
      roleWords(k).some((w) => prefixes.has(w.slice(0, 5))),
  );
}

/**
 * A clause that presents a bando with an indefinite article and gives it a deadline, or foretells it with a when,
 * not denied nor hypothetical, that is none of the known bandi (nor one the user or the target's instructions gave
 * that deadline).
 */
export function presentedUnknown(clauses: string[], user: string, prompt: string, keys: BandoKey[]): string | null {
  const typedDates = new Set([...extractFacts(fold(user)).dates, ...extractFacts(prompt).dates]);
  for (const clause of clauses) {
    const definite = definiteUnknown(clause, typedDates, keys);
    if (definite !== null) return definite;
    const m = INDEFINITE_BANDO.exec(clause);
    if (!m || HYPOTHETICAL.test(clause) || denies(clause, m.index)) continue;
    const dates = extractFacts(clause).dates;
    if (dates.some((d) => typedDates.has(d)) || knownIn(clause, dates, keys)) continue;
    if (dates.length > 0 && DEADLINE.test(clause)) return `a bando no known one is, presented with a deadline ("${m[0]}", ${dates[0]}): "${clip(clause)}"`;
    // Foretold, it must say what for ("un bando per autisti", "un avviso di mobilità"): "un avviso uscirà" is a notice.
    const forecast = FORECAST.exec(clause);
    if (forecast && WHEN.test(clause) && /^\s+(?:per|di|da|for)\s/u.test(clause.slice(m.index + m[0].length))) {
      return `a bando no known one is, foretold ("${m[0]}", "${forecast[0]}"): "${clip(clause)}"`;
    }
  }
  return null;
}

/** A bando named by the role it is for, with a definite article: "il concorso per fisioterapisti", "the call for drivers". */
const DEFINITE_BANDO =
  /(?<![\p{L}])(?:(?:il|lo|la|l')\s*(?:bando|concorso|avviso|selezione)|the (?:call|competition|vacancy))\s+(?:per|for)\s+(?:(?:il|la|i|gli|le|l')\s*)?(\p{L}{4,})(?![\p{L}])/u;
/**
 * A bando named by a role no known title has ("il concorso per fisioterapisti", when no known bando is for them),
 * given a deadline, not denied nor hypothetical: described as real. A role any known bando has (its title's words,
 * its initials) is that bando.
 */
function definiteUnknown(clause: string, typedDates: Set<string>, keys: BandoKey[]): string | null {
  const m = DEFINITE_BANDO.exec(clause);
  if (!m || HYPOTHETICAL.test(clause) || denies(clause, m.index)) return null;
  const role = (m[1] ?? '').slice(0, 5);
  if (keys.some((k) => words(k.title).some((w) => w.slice(0, 5) === role)) || bandiNamed(clause, keys).length > 0) return null;
  const dates = extractFacts(clause).dates;
  if (dates.length === 0 || !DEADLINE.test(clause) || dates.some((d) => typedDates.has(d) || keys.some((k) => k.bando.deadline === d))) return null;
  return `a bando for a role no known one has, presented with a deadline ("${m[0]}", ${dates[0]}): "${clip(clause)}"`;
}

/** The deadlines of the bandi the clauses present with an indefinite article: what a sampled corpus is asked for. */
export function presentedDeadlines(clauses: string[]): string[] {
  return clauses.flatMap((c) => (INDEFINITE_BANDO.test(c) && DEADLINE.test(c) ? extractFacts(c).dates : []));
}

/** An answer that opens with a yes ("Sì", not the pronoun of "Si tratta"; read on the answer as written). */
const YES = /^\s*(?:s[iì](?=\s*[,.!:;]|$)|sì|certo|certamente|esatto|confermo|yes|sure|of course)(?![\p{L}])/iu;

/**
 * The user asks after a bando by a size no known bando has ("il concorso per 50 archivisti è attivo?"), and the
 * answer says yes with no word anywhere that it is not there: the user's invention confirmed.
 */
export function askedUnknownConfirmed(clauses: string[], user: string, answer: string, keys: readonly BandoKey[]): string | null {
  const first = clauses[0] ?? '';
  if (!YES.test(answer) || clauses.some((c) => NOT_FOUND.test(c)) || /(?<![\p{L}])(?:non|not|no)(?![\p{L}])/u.test(first)) return null;
  const asked = unknownPostCounts(user, sizeContext(`${answer} ${user}`, ''), [...keys]);
  return asked.length === 0 ? null : `a bando of ${asked[0]} posts the user asked about, which no known bando has, confirmed: "${clip(first)}"`;
}
