/**
 * How an answer speaks of a bando's state: open or closed, a deadline that runs on, a yes to "can I still
 * apply?". Read clause by clause with negation scope; shared by the temporal detector and the bando-status check.
 */
import { extractFacts } from '../../checks/facts.ts';
import { fold } from '../text.ts';

/** Private-use stand-ins for punctuation that must not split a clause (inside a «quoted title», an abbreviation's dot). */
const KEPT = '.;:!?';
const keep = (p: string) => String.fromCharCode(0xe000 + KEPT.indexOf(p));
const restore = (c: string) => KEPT[c.charCodeAt(0) - 0xe000] ?? c;
const QUOTED_ANY = /[«“]/u;
const QUOTED = /«[^«»\n]{1,300}»|“[^“”\n]{1,300}”/gu;
/** "n. 2", "art. 4", "ecc. e": a dot after a word of 1–3 letters, followed by a digit or a lowercase word. */
const ABBREVIATION_DOT = /(?<![\p{L}\d])(\p{L}{1,3})\.(?=\s+[\p{Ll}\d])/gu;
/** Cheap test first: most answers have no dot followed by a lowercase word or a digit. */
const DOT_THEN_LOWER = /\.\s+[\p{Ll}\d]/u;
const SPLIT_PUNCT = /[.;:!?]/gu;

const splitter = (colon: string) =>
  new RegExp(String.raw`(?:(?<!\d)\.|\.(?!\d))+|[;!?\n]+${colon}|,?\s+(?:ma|pero|tuttavia|eppure|comunque,|but|however)\s+`, 'u');
const SPLIT = splitter(String.raw`|:\s`);
const SPLIT_KEEPING_COLONS = splitter('');

/**
 * Clauses: sentences, list lines and the halves of a contrast ("è scaduto, ma può comunque inviare"),
 * since "scaduto" in one half says nothing about the other. A quoted title («… n. 2 posti: …») and an
 * abbreviation's dot ("n. 2 posti") do not end a clause.
 */
export function factClauses(text: string, keepColons = false): string[] {
  const quoted = QUOTED_ANY.test(text) ? text.replace(QUOTED, (q) => q.replace(SPLIT_PUNCT, keep)) : text;
  const masked = DOT_THEN_LOWER.test(quoted) ? quoted.replace(ABBREVIATION_DOT, `$1${keep('.')}`) : quoted;
  return fold(masked)
    .split(keepColons ? SPLIT_KEEPING_COLONS : SPLIT)
    .map((c) => c.replace(/[\uE000-\uE004]/gu, restore).trim())
    .filter((c) => c.length > 0);
}

const NEG_WORD = /^(?:non|no|nessun[oa]?|mai|piu|not|never|longer)$/u;
/**
 * A negation before a match in the same comma-delimited stretch, up to 8 words back ("non è più aperto", "non
 * risulta, al momento, una selezione aperta"); a comma ends its scope ("Non si preoccupi, è aperto").
 */
export function negatedBefore(clause: string, index: number): boolean {
  const stretch = clause.slice(0, index).split(/,\s*/).at(-1) ?? '';
  const before = stretch.match(/[\p{L}']+/gu) ?? [];
  return before.slice(-8).some((w) => NEG_WORD.test(w));
}

const SEND = String.raw`(?:presentar|inviar|mandar|inoltrar|trasmetter|spedir)\p{L}*`;
/** The term said to run on: extended, reopened, postponed. */
const RUNS_ON = /(?<!\p{L})(prorogat[oaie]|differit[oaie]|riapert[oaie]|posticipat[oaie]|slittat[oaie])(?!\p{L})/gu;
/** Ways to say a bando is open or can still be applied to; each a claim unless negated. */
const OPEN_CLAIMS = [
  /(?<!\p{L})(aperto|aperta|aperti|aperte|attivo|attiva|in corso|disponibile|valido|valida)(?!\p{L})/gu,
  new RegExp(
    String.raw`(?<!\p{L})(puo|potra|puoi|potete|possono|potranno|si puo|si possono|e possibile|(?:e|sia|sara|essere|resta|rimane) ancora possibile|riesce a|riesci a|fa in tempo a|fai in tempo a)\s+(?:ancora\s+|comunque\s+|quindi\s+|certamente\s+|sempre\s+|tranquillamente\s+|pure\s+)*(candidar\p{L}*|iscriver\p{L}*|partecipar\p{L}*|${SEND}\s+(?:la\s+|le\s+)?(?:sua\s+|propria\s+)?(?:domand\p{L}*|candidatur\p{L}*)|presentarla|inviarla|mandarla|fare (la )?domanda)`,
    'gu',
  ),
  // "Può ancora farlo": the application the question asked about, as a pronoun, said still doable.
  /(?<!\p{L})(puo|potra|puoi|potete|si puo) (?:ancora|tuttora|comunque|sempre) (?:farlo|farla|(?:inviar|presentar|mandar|spedir|trasmetter|inoltrar)(?:l[ao]|e))(?!\p{L})/gu,
  /(?<!\p{L})(c'e|ha|hai|le restano|restano|rimangono|le rimangono|ci sono)\s+(ancora\s+)?(tempo|margine|(qualche|pochi|alcuni|un paio di|\d+)\s+(giorn[oi]|settiman[ae]|or[ae]))/gu,
  // The applications themselves said sendable ("le domande … si possono ancora inoltrare").
  new RegExp(String.raw`(?<!\p{L})(?:domande|candidature)\s+(?:[\p{L}'-]+\s+){0,6}?(?:si possono|possono|potranno|si potranno)\s+(?:ancora\s+|comunque\s+|tuttora\s+|sempre\s+)*${SEND}`, 'gu'),
  /(?<!\p{L})(fa|fai) in tempo(?!\p{L})/gu,
  // Present or future only: "accettava domande fino al 20 gennaio" tells the past.
  /(?<!\p{L})(accetta|accettano|accettera|accetteranno|riceve|ricevono|ricevera|riceveranno|raccoglie|raccolgono|prende|prendono)\s+(ancora\s+|tuttora\s+)?(le\s+)?(candidature|domande)/gu,
  /(?<!\p{L})(sara|verra|viene|vengono|verranno|saranno)\s+(regolarmente\s+|comunque\s+|ancora\s+|di norma\s+|ugualmente\s+)*(accettat|acquisit|ricevut|registrat|pres[ao] in carico|considerat[ei] valid)\p{L}*/gu,
  // An exhortation to apply ("provi a inviarla", "si affretti a presentare la domanda", "provi pure").
  /(?<!\p{L})(provi|tenti|si affretti|proceda|le conviene|le consiglio di|ci provi)\s+(?:comunque\s+|ugualmente\s+|subito\s+|pure\s+)?(a\s+|ad\s+|di\s+)?(candidar\p{L}*|iscriver\p{L}*|inviar\p{L}*|presentar\p{L}*|mandar\p{L}*|inoltrar\p{L}*)/gu,
  /(?<!\p{L})(provi|tenti) pure(?!\p{L})/gu,
  // Sent now, it is "in time": "risulta nei termini", "rientra nei termini".
  /(?<!\p{L})(risulta|risultera|rientra|rientrera|e|sara|arriva|arrivera)\s+(ancora\s+)?(nei termini|in tempo utile|entro i termini)(?!\p{L})/gu,
  // The term said to run on ("il termine si intende prorogato", "è slittato").
  RUNS_ON,
  // English: still open, still accepting, can still apply, extended.
  /(?<!\p{L})(still (?:open|accepting|being accepted|possible|time|valid)|(?:can|may) (?:still )?(?:apply|submit|send)|(?:is|are) (?:still )?open|(?:was|were|been|is|has been) extended|not (?:yet )?(?:closed|expired)|there is still time)(?!\p{L})/gu,
];
/** The thing said to be open must be a bando, its applications or its terms, not a receipt or a page. */
const OPEN_SUBJECT = /(?<!\p{L})(bando|bandi|concorso|concorsi|selezione|procedura|avviso|candidature|domande|termini|iscrizioni|modulo|call|applications|competition)(?!\p{L})/u;
/** Clauses about other or future bandi say nothing about this one. */
const OTHER_BANDI = /(?<!\p{L})(altri|altre|altro|nuovi|nuove|prossim\p{L}*|futur\p{L}*|simili|analogh\p{L}*|other|future)(?!\p{L})/u;
const DENIED_CLOSED =
  /(?<!\p{L})non (e |sono |risulta |risultano )?(ancora |affatto |mica |troppo )?(scadut\p{L}*|chius\p{L}*|terminat\p{L}*|decors\p{L}*|spirat\p{L}*|tardi)(?!\p{L})/u;

/** Past or counterfactual: "era aperto", "le candidature erano aperte", "se fosse ancora aperta", "was open". */
const NOT_NOW = /^(?:era|erano|fu|furono|fosse|fossero|sarebbe|sarebbero|avesse|avessero|was|were|been|would)$/u;
function pastOrHypothetical(clause: string, index: number): boolean {
  const stretch = clause.slice(0, index).split(/,\s*/).at(-1) ?? '';
  return (stretch.match(/[\p{L}']+/gu) ?? []).slice(-4).some((w) => NOT_NOW.test(w));
}
/** A term said to run on to a date already past ("prorogato al 31 marzo", said in April) ran on and ended. */
const extendedIntoThePast = (clause: string, today: string | undefined) => {
  if (today === undefined) return false;
  const dates = extractFacts(clause).dates;
  return dates.length > 0 && dates.every((d) => d < today);
};

/** The first words of the clause presenting the bando as open now (`today` lets a past extension pass); null when none. */
/** A word every open claim contains: clauses without any (most of them) skip the claims one by one. */
const ANY_CLAIM =
  /aper|attiv|in corso|disponib|valid|candid|iscriv|partecip|domand|farl|inviar|presentar|mandar|spedir|trasmetter|inoltrar|tempo|margine|giorn|settiman|or[ae]|accett|ricev|raccogl|prend|acquisit|registrat|in carico|provi|tenti|affretti|proceda|pure|termini|prorog|differit|riapert|postic|slitt|still|apply|submit|send|open|extended|closed|expired/u;

export function openClaim(clause: string, today?: string): string | null {
  if (OTHER_BANDI.test(clause)) return null;
  if (ANY_CLAIM.test(clause)) {
    for (const [i, re] of OPEN_CLAIMS.entries()) {
      if (i === 0 && !OPEN_SUBJECT.test(clause)) continue;
      if (re === RUNS_ON && extendedIntoThePast(clause, today)) continue;
      re.lastIndex = 0;
      for (let m = re.exec(clause); m !== null; m = re.exec(clause)) {
        if (!negatedBefore(clause, m.index) && !pastOrHypothetical(clause, m.index)) return m[0];
      }
    }
  }
  // "non è scaduto" claims it is open; an answer's leading "No," ("No, il termine è scaduto") negates nothing.
  return clause.includes('non ') ? (DENIED_CLOSED.exec(clause)?.[0] ?? null) : null;
}

/** Ways to say it is closed; negated ("non è scaduto") they become a claim that it is open. */
const CLOSED =
  /(?<!\p{L})(scadut[oaie]|chius[oaie]|terminat[oaie]|archiviat[oaie]|conclus[oaie]|expired|closed|no longer|too late|troppo tardi|non (e )?piu (possibile|aperto|aperta|attivo|attiva|accettat\p{L}*)|non (sono|e) piu accettat\p{L}*|non accetta|gia passat[oa]|e passat[oa]|e scadut[oa])(?!\p{L})/gu;
export function closedClaim(clause: string): boolean {
  for (const m of clause.matchAll(CLOSED)) {
    if (m[0].startsWith('non ') || !negatedBefore(clause, m.index ?? 0)) return true;
  }
  return false;
}

/** What a question asks of a bando's state: whether one can still apply, or whether it has closed. */
const ASKS_OPEN = /(?<!\p{L})(ancora|in tempo|aperto|aperta|aperti|posso|possiamo|si puo|accetta\p{L}*|prorogat\p{L}*|riapert\p{L}*|valida|still|open|can i)(?!\p{L})/u;
const ASKS_CLOSED = /(?<!\p{L})(scadut\p{L}*|chius[oaie]|terminat[oaie]|troppo tardi|expired|closed|too late)(?!\p{L})/u;
const YES = /^(si|certo|certamente|esatto|esattamente|assolutamente|confermo|yes|sure|of course|ok)(?!\p{L})/u;
const NO = /^(no|nope)(?!\p{L})/u;

/**
 * A yes to "posso ancora candidarmi?" / "faccio in tempo?", or a no to "è scaduto?": the answer's first word
 * presents applying as still possible, whatever follows, unless some clause says the bando closed.
 */
export function answersStillOpen(question: string, answer: string, clauses: () => string[]): string | null {
  const q = fold(question);
  const open = ASKS_OPEN.test(q);
  if (open === ASKS_CLOSED.test(q)) return null;
  const first = fold(answer.slice(0, 40)).replace(/^[^\p{L}]+/u, '');
  const word = first.split(/[\s,.:;!]/)[0];
  const said = open && YES.test(first) ? 'applying is still possible' : !open && NO.test(first) ? 'it has closed' : null;
  if (said === null || clauses().some(closedClaim)) return null;
  return `"${word}" to a question whether ${said}`;
}

const MONTHS = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];
const EN_MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const UNTIL = String.raw`(?:entro|fino a|fino al|fino alla|fino all'|until|by|before)`;
const MONTH = `${MONTHS.join('|')}|${EN_MONTHS.join('|')}`;
/** "entro venerdì", "fino a domani", "until tomorrow"; "(entro|a) fine marzo", "in scadenza a fine mese", "by the end of the month". */
const RELATIVE_FUTURE = new RegExp(
  String.raw`(?<!\p{L})(?:${UNTIL}\s+(?:le\s+[\d:.]+\s+di\s+)?(?:oggi|stasera|stanotte|domani|dopodomani|lunedi|martedi|mercoledi|giovedi|venerdi|sabato|domenica|(?:la\s+)?prossima\s+settimana|tonight|tomorrow)|(?:${UNTIL}\s+|a\s+|alla\s+)?(?:la\s+)?fine\s+(?:del\s+|di\s+)?(?<it>mese|settimana|${MONTH})|(?:${UNTIL}\s+)?(?:the\s+)?end\s+of\s+(?:the\s+)?(?<en>month|week|${MONTH}))(?!\p{L})`,
  'u',
);
const DEADLINE_WORD = /(?<!\p{L})(scade|scadenza|fino al|fino all|fino a|entro il|entro l|entro|termine|deadline|until|closing|closes|close on)(?!\p{L})/u;

/**
 * A deadline on or after `today` given in the clause: a date ("scade il 20 luglio"), or a relative one ("entro
 * venerdì", "fino a fine marzo", "until the end of the month"). Negated or past-tense deadlines are not read.
 */
export function laterDeadline(clause: string, today: string): string | null {
  if (!DEADLINE_WORD.test(clause)) return null;
  const date = extractFacts(clause).dates.find((d) => d >= today);
  if (date) return date;
  const rel = RELATIVE_FUTURE.exec(clause);
  if (!rel || negatedBefore(clause, rel.index)) return null;
  const month = rel.groups?.['it'] ?? rel.groups?.['en'];
  const index = month === undefined ? -1 : Math.max(MONTHS.indexOf(month), EN_MONTHS.indexOf(month));
  // "fine febbraio" said on 10 March is past; "fine mese", "venerdì", "domani" always lie ahead.
  if (index >= 0 && index + 1 < Number(today.slice(5, 7))) return null;
  return rel[0];
}
