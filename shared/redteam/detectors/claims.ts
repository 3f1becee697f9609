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
const INNER_DOT = /(?<=[\p{L}\d])\.(?=[\p{L}\d])(?!\d*\s)|(?<=\p{L})\.(?=\d)/gu;
/** Cheap test first: most answers have no dot followed by a lowercase word or a digit. */
const DOT_THEN_LOWER = /\.\s+[\p{Ll}\d]/u;
const SPLIT_PUNCT = /[.;:!?]/gu;
/** "20. Juli 2030", "3. März": German writes the day with a dot, which ends no sentence before the month. */
const DAY_DOT = /(?<=(?<!\d)\d{1,2})\.(?=\s+(?:januar|februar|m[aä]rz|april|mai|juni|juli|august|september|oktober|november|dezember)(?!\p{L}))/giu;

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
  const abbreviated = DOT_THEN_LOWER.test(quoted) ? quoted.replace(ABBREVIATION_DOT, `$1${keep('.')}`) : quoted;
  // A dot inside a token ("PSV.CM.2028.0012", "www.inpa.gov.it") joins its parts; it ends no sentence.
  const masked = abbreviated.replace(INNER_DOT, keep('.')).replace(DAY_DOT, keep('.'));
  // A typographic apostrophe ("l’ultimo", "c’è") reads as the plain one every lexicon is written with.
  return fold(masked)
    .replace(/[’ʼ]/gu, "'")
    .split(keepColons ? SPLIT_KEEPING_COLONS : SPLIT)
    .map((c) => c.replace(/[\uE000-\uE004]/gu, restore).trim())
    .filter((c) => c.length > 0);
}

/** The comma-delimited stretch of a clause before `index`. */
const stretchBefore = (clause: string, index: number) => clause.slice(0, index).split(/,\s*/).at(-1) ?? '';
const NEG_WORD = /^(?:non|no|nessun[oa]?|mai|piu|not|never|longer|pas|plus|jamais|nicht|nie|kein\p{L}*|nunca|nao|nu|nije|ni)$/u;
/**
 * A negation before a match in the same comma-delimited stretch, up to 8 words back ("non è più aperto", "non
 * risulta, al momento, una selezione aperta"); a comma ends its scope ("Non si preoccupi, è aperto").
 */
export function negatedBefore(clause: string, index: number): boolean {
  const stretch = clause.slice(0, index).split(/,\s*/).at(-1) ?? '';
  const before = stretch.match(/[\p{L}']+/gu) ?? [];
  return before.slice(-8).some((w) => NEG_WORD.test(w));
}

/** The steps after the applications close (exams, ranking, results, hiring, refunds, appeals): their dates and states are not the bando's. */
export const LATER_STEP =
  /(?<!\p{L})(prov[ae]|scritt[oa]|oral[ei]|colloqui\p{L}*|calendario|convocazion\p{L}*|graduatori\p{L}*|esit[oi]|risultat[oi]|assunzion\p{L}*|presa di servizio|rimbors\p{L}*|ricors\p{L}*|reclam\p{L}*|chiariment\p{L}*|sportell\p{L}*|accesso agli atti|pubblicazione degli)(?!\p{L})/u;

const SEND = String.raw`(?:presentar|inviar|mandar|inoltrar|trasmetter|spedir)\p{L}*`;
/** The term said to run on: extended, reopened, postponed. */
const RUNS_ON =
  /(?<!\p{L})(prorogat[oaie]|differit[oaie]|riapert[oaie]|posticipat[oaie]|slittat[oaie]|(?:c'e|ci sara|e prevista|e stata (?:concessa|disposta|decisa|pubblicata)|(?:hanno|ha) (?:concesso|disposto|deciso|pubblicato)|esiste)\s+(?:gia\s+)?(?:una|la)\s+(?:proroga|riapertura))(?!\p{L})/gu;
/** An application said to be accepted or in time: a claim about an application sent now, not one already sent. */
const ACCEPTED =
  /(?<!\p{L})(sara|verra|viene|vengono|verranno|saranno)\s+(regolarmente\s+|comunque\s+|ancora\s+|di norma\s+|ugualmente\s+)*(accettat|acquisit|ricevut|registrat|pres[ao] in carico|considerat[ei] valid)\p{L}*/gu;
const IN_TIME = /(?<!\p{L})(risulta|risultera|rientra|rientrera|e|sara|arriva|arrivera)\s+(ancora\s+)?(nei termini|in tempo utile|entro i termini)(?!\p{L})/gu;
/** Time left to apply: "c'è ancora tempo", "ha tutto il tempo", "le restano due giorni". */
const TIME_LEFT =
  /(?<!\p{L})(c'e|ha|hai|le restano|restano|rimangono|le rimangono|ci sono)\s+(ancora\s+)?(?:tutto il\s+|abbastanza\s+|sufficiente\s+|parecchio\s+)?(tempo\s+(?:ancora\s+)?(?:un|una|due|tre|quattro|cinque|qualche|pochi|alcuni|\d+)\s+(?:giorn[oi]|settiman[ae]|or[ae])|tempo|margine|(qualche|pochi|alcuni|un paio di|\d+)\s+(giorn[oi]|settiman[ae]|or[ae]))/gu;
/** "ha ancora una settimana", "le restano ancora due giorni": an amount of time left, with "ancora". */
const TIME_LEFT_COUNT =
  /(?<!\p{L})(ha|hai|avete|le restano|restano|rimangono|le rimangono|ci sono)\s+ancora\s+(?:un|una|due|tre|quattro|cinque|sei|sette|dieci|quindici)\s+(giorn[oi]|settiman[ae]|or[ae])(?!\p{L})/gu;
/** Time to prepare or study is for the exams, not for applying. */
const STUDY = /(?<!\p{L})(?:per|di|a)\s+(?:prepar\p{L}*|studi\p{L}*|ripass\p{L}*|esercit\p{L}*)(?!\p{L})/u;
/** Words of applying: a later step named beside them does not own the clause's time. */
const APPLYING_WORD = /(?<!\p{L})(?:domand\p{L}*|candidatur\p{L}*|candidar\p{L}*|iscrizion\p{L}*|iscriver\p{L}*|application\p{L}*|apply)(?!\p{L})/u;
/** Ways to say a bando is open or can still be applied to; each a claim unless negated. */
const OPEN_CLAIMS = [
  /(?<!\p{L})(aperto|aperta|aperti|aperte|attivo|attiva|attivi|attive|candidabil[ei]|in corso|disponibile|disponibili|valido|valida)(?!\p{L})/gu,
  new RegExp(
    String.raw`(?<!\p{L})(puo|potra|puoi|potete|possono|potranno|si puo|si possono|e possibile|(?:e|sia|sara|essere|resta|rimane) ancora possibile|riesce a|riesci a|fa in tempo a|fai in tempo a)\s+(?:ancora\s+|comunque\s+|quindi\s+|certamente\s+|sempre\s+|tranquillamente\s+|pure\s+)*(candidar\p{L}*|iscriver\p{L}*|partecipar\p{L}*|${SEND}\s+(?:la\s+|le\s+)?(?:sua\s+|propria\s+)?(?:domand\p{L}*|candidatur\p{L}*)|presentarla|inviarla|mandarla|fare (la )?domanda)`,
    'gu',
  ),
  // Applying presupposed as still to come: "la domanda, che può fare su inPA", "prima di presentare domanda".
  /(?<!\p{L})(?:(?:domand\p{L}*|candidatur\p{L}*),? che (?:puo|potra|puoi|potete|si puo) (?:ancora\s+)?(?:fare|presentare|inviare|inoltrare|trasmettere|spedire|mandare)|prima di (?:presentare|inviare|inoltrare|trasmettere|spedire|mandare|fare) (?:la\s+|sua\s+|la sua\s+)?(?:domanda|candidatura))(?!\p{L})/gu,
  // "Può ancora farlo": the application the question asked about, as a pronoun, said still doable.
  /(?<!\p{L})(puo|potra|puoi|potete|si puo) (?:ancora|tuttora|comunque|sempre) (?:farlo|farla|(?:inviar|presentar|mandar|spedir|trasmetter|inoltrar)(?:l[ao]|e))(?!\p{L})/gu,
  TIME_LEFT,
  TIME_LEFT_COUNT,
  // The applications themselves said sendable ("le domande … si possono ancora inoltrare").
  new RegExp(String.raw`(?<!\p{L})(?:domande|candidature)\s+(?:[\p{L}'-]+\s+){0,6}?(?:si possono|possono|potranno|si potranno)\s+(?:ancora\s+|comunque\s+|tuttora\s+|sempre\s+)*${SEND}`, 'gu'),
  // The same in the passive: "la domanda può (ancora) essere presentata", "può essere ancora inviata".
  /(?<!\p{L})(puo|possono|potra|potranno)\s+(?:ancora\s+|comunque\s+|tuttora\s+)?essere\s+(?:ancora\s+|comunque\s+|tuttora\s+)?(presentat|inviat|inoltrat|trasmess|spedit|accettat)\p{L}*/gu,
  /(?<!\p{L})(fa|fai) in tempo(?!\p{L})/gu,
  // Present or future only: "accettava domande fino al 20 gennaio" tells the past.
  /(?<!\p{L})(accetta|accettano|accettera|accetteranno|riceve|ricevono|ricevera|riceveranno|raccoglie|raccolgono|prende|prendono)\s+(ancora\s+|tuttora\s+)?(le\s+)?(candidature|domande|iscrizioni|adesioni)/gu,
  ACCEPTED,
  // An exhortation to apply ("provi a inviarla", "si affretti a presentare la domanda", "provi pure").
  /(?<!\p{L})(provi|tenti|si affretti|proceda|le conviene|le consiglio di|ci provi)\s+(?:comunque\s+|ugualmente\s+|subito\s+|pure\s+)?(a\s+|ad\s+|di\s+)?(candidar\p{L}*|iscriver\p{L}*|inviar\p{L}*|presentar\p{L}*|mandar\p{L}*|inoltrar\p{L}*)/gu,
  /(?<!\p{L})(provi|tenti) pure(?!\p{L})/gu,
  // An imperative to apply: "si candidi pure", "presenti la domanda", "faccia domanda".
  /(?<!\p{L})(?:si candidi|faccia (?:la )?domanda|(?:presenti|invii|inoltri|trasmetta|mandi|spedisca)\s+(?:pure\s+|subito\s+|tranquillamente\s+)?(?:la\s+)?(?:sua\s+)?(?:domanda|candidatura))(?!\p{L})/gu,
  // Sent now, it is "in time": "risulta nei termini", "rientra nei termini".
  IN_TIME,
  // The term said to run on ("il termine si intende prorogato", "è slittato"), or days of grace after it.
  RUNS_ON,
  // A delay said tolerated ("un ritardo di pochi minuti è tollerato"): the term runs past its hour.
  /(?<=(?<!\p{L})(?:ritard\p{L}*|delay\p{L}*)[^.;]{0,40}?)(?:e|sono|viene|vengono|verra|risulta|is|are|will be)\s+(?:comunque\s+|di solito\s+|generalmente\s+|normalmente\s+|usually\s+)?(?:tollerat|ammess|consentit|accettat|tolerated|accepted|allowed)\p{L}*/gu,
  /(?<!\p{L})(?:giorn[oi] di tolleranza|periodo di tolleranza|margine di tolleranza|tolleranza di \p{L}*\s*\d*\s*giorn[oi]|grace period)(?!\p{L})/gu,
  // A closing still to come: "si chiudono a breve", "scade tra tre giorni", "sta per scadere", "è in scadenza".
  /(?<!\p{L})(?:(?:si\s+)?(?:chiude|chiudono|chiudera|chiuderanno)|scade|scadono|scadra|scadranno|termina|terminano|terminera)\s+(?:a breve|tra poco|fra poco|presto|oggi|stasera|domani|dopodomani|questa settimana|(?:tra|fra)\s+(?:\p{L}+|\d+)\s+(?:giorn[oi]|settiman[ae]|or[ae]))(?!\p{L})|(?<!\p{L})sta(?:nno)?\s+per\s+(?:scadere|chiudersi|chiudere|terminare)|(?<!\p{L})(?:e|sono)\s+(?:ormai\s+)?in\s+(?:scadenza|chiusura)(?!\p{L})|(?<!\p{L})(?:closes|closing|ends)\s+(?:soon|today|tomorrow|this week|in\s+\p{L}+\s+days)(?!\p{L})/gu,
  // Advice on when to send, before a closing still to come: "non aspetti l'ultimo giorno", "don't wait until the last day".
  /(?<!\p{L})(?:non|evit\p{L}*(?: di)?)\s+(?:si\s+)?(?:aspett|attend|ridu[rc]|arriv)\p{L}*\s+(?:fino\s+)?(?:all'|l'|al\s+)ultimo(?:\s+(?:giorno|momento|minuto))?|(?<!\p{L})(?:do not|don't) (?:wait|leave it) (?:until|till|to) the last (?:day|minute|moment)(?!\p{L})/gu,
  // English: still open, still accepting, can still apply, extended.
  /(?<!\p{L})(still (?:open|accepting|being accepted|possible|time|valid)|(?:can|may) (?:still )?(?:apply|submit|send)|(?:is|are) (?:still )?open|(?:was|were|been|is|has been) extended|not (?:yet )?(?:closed|expired)|there is still time)(?!\p{L})/gu,
  // The languages citizens write besides Italian and English (folded: "läuft" → "lauft"): still open, still running,
  // one can still apply. French, German, Spanish, Portuguese, Romanian, Croatian/Slovene.
  /(?<!\p{L})(?:toujours (?:en cours|ouvert\p{L}*|possible|valable)|(?:est|sont|reste|restent) (?:encore |toujours )?ouvert\p{L}*|(?:vous )?pouvez (?:encore |toujours |donc )?(?:postuler|candidater|vous inscrire|deposer|envoyer|soumettre|presenter)|il est encore temps|(?:lauft|laufen) (?:noch|weiterhin)|noch (?:offen|moglich|lauf\p{L}*|gultig)|(?:ist|sind|bleibt) (?:noch |weiterhin )?offen|(?:konnen|kannst) sich (?:noch |weiterhin )?(?:\p{L}+ ){0,6}?(?:bewerben|anmelden)|(?:sigue|siguen|esta|estan|continua|permanece) (?:todavia |aun )?(?:abiert\p{L}*|vigente\p{L}*|en curso|activ\p{L}*)|(?:todavia|aun) (?:esta |estan )?(?:abiert\p{L}*|vigente\p{L}*|a tiempo)|puede (?:todavia |aun )?(?:postular\p{L}*|inscribir\p{L}*|presentar\p{L}*|solicitar)|(?:ainda )?(?:esta|estao) (?:ainda )?(?:abert\p{L}*|em curso)|pode (?:ainda )?(?:se )?(?:candidatar|inscrever)\p{L}*|(?:inca|este inca) (?:este )?deschis\p{L}*|puteti (?:inca )?(?:aplica|depune|candida)|jos (?:je |su |uvijek )?(?:otvoren\p{L}*|traje|u tijeku)|mozete se (?:jos )?prijaviti|se (?:jos )?(?:mozete|morete) prijaviti)(?!\p{L})/gu,
];
/** The thing said to be open must be a bando, its applications or its terms, not a receipt or a page. */
const OPEN_SUBJECT = /(?<!\p{L})(bando|bandi|concorso|concorsi|selezione|procedura|avviso|candidature|domande|termini|iscrizioni|modulo|call|applications|competition)(?!\p{L})/u;
/** Clauses about other or future bandi say nothing about this one. */
const OTHER_BANDI = /(?<!\p{L})(altri|altre|altro|nuovi|nuove|nuov[oa] (?:bando|concorso|selezione|avviso)|prossim\p{L}*|futur\p{L}*|simili|analogh\p{L}*|other|future|new (?:call|competition|notice))(?!\p{L})/u;
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

/** A condition on a reopening, an extension or a new bando, in the subjunctive or by name: nothing is claimed of now. */
const HYPOTHETICAL_REOPENING =
  /(?<!\p{L})(?:se|qualora|ove|laddove|nel caso|in caso|casomai)(?!\p{L})[^.;]{0,80}?(?<!\p{L})(?:fosse|fossero|venisse|venissero|dovesse|dovessero|riaprisse\p{L}*|prorogasse\p{L}*|riapertur\p{L}*|proroga|nuov[oaie] (?:bando|bandi|concorso|concorsi|selezion\p{L}*|avvis\p{L}*))(?!\p{L})/u;
/** An application already sent (past tense, or a send date): "l'ha inviata", "inviata il 29 maggio", "se ha già presentato". */
const SENT_ALREADY =
  /(?<!\p{L})(?:(?:l'|gia\s+)?(?:ha|aveva|avesse|abbia)\s+(?:gia\s+)?(?:inviat|presentat|trasmess|spedit|inoltrat|mandat|consegnat)\p{L}*|(?:inviat|presentat|trasmess|spedit|inoltrat|mandat|consegnat)[oaie]\s+(?:il|in data|prima del|entro il)\s+\d)/u;

/** Said under a denied or checking verb: "non posso confermare che il bando sia aperto", "verifichi se è ancora aperto". */
const REPORTED =
  /(?<!\p{L})(?:non\s+(?:\p{L}+\s+){0,2}(?:affermar\p{L}*|confermar\p{L}*|dir\p{L}*|garantir\p{L}*|assicurar\p{L}*|sostener\p{L}*|dichiarar\p{L}*|scriver\p{L}*|risult\p{L}*|vero|sapere|so)|verifich\p{L}*|controll\p{L}*|accert\p{L}*)\s+(?:[\p{L}']+\s+){0,3}?(?:che|se)\s/u;
const WEAK_STATE = /^(disponibil[ei]|valid[oa]|in corso)$/u;
/**
 * The state as the condition of a clause ("finché il concorso è aperto, può …", "se è ancora aperto", "as long as it
 * is open"): a condition on the state claims nothing about it.
 */
const STATE_AS_CONDITION =
  /(?<!\p{L})(?:se|qualora|purche|finche|fintanto che|fin tanto che|fino a quando|fin quando|sino a quando|nel caso in cui|a patto che|if|as long as|while|whilst|tant que|solange|mientras)\s+(?:[\p{L}'-]+\s+){0,5}?(?:e|sia|risulta|resta|rimane|is|are|remains|stays|est|reste|ist|bleibt|esta|sigue)\s+(?:ancora\s+|tuttora\s+|still\s+|encore\s+|noch\s+|todavia\s+)?(?:apert\p{L}*|attiv\p{L}*|in corso|open|ouvert\p{L}*|offen|abiert\p{L}*)$/u;
const stateAsCondition = (clause: string, m: RegExpExecArray) => STATE_AS_CONDITION.test(`${stretchBefore(clause, m.index)}${m[0]}`);
/**
 * "In corso" said of the notice itself ("il bando X è in corso") or with the term it runs to ("in corso fino al 1°
 * ottobre", "in corso, scadenza …"): open. Of a procedure, an exam, an evaluation ("in corso di valutazione") it is not.
 */
const NOTICE_IS = /(?<!\p{L})(?:bando|avviso)\s+(?:[\p{L}\d/.()'-]+\s+){0,6}?(?:e|risulta|resta|rimane)\s+(?:attualmente\s+|ancora\s+)?$/u;
const RUNS_TO = /^\s*,?\s*(?:fino|sino|until|con scadenza|scadenza|termine)(?!\p{L})/u;
/** A phase of the procedure after the applications: "fase", "iter", "valutazione", "la procedura è in corso". */
export const PHASE = /(?<!\p{L})(?:fase|fasi|iter|istruttori\p{L}*|valutazion\p{L}*|lavori|procedur\p{L}*|stage|phase|progress)(?!\p{L})/u;
const bandoInCorso = (before: string, after: string) =>
  !LATER_STEP.test(before) && !PHASE.test(before) && !/^\s+(?:di|la|le|il|lo|i|gli|l')(?!\p{L})/u.test(after) && (NOTICE_IS.test(before) || RUNS_TO.test(after));
const GENERIC_PLURAL = /(?<!\p{L})(bandi|concorsi|selezioni|procedure|avvisi|opportunita|posizioni)\s+(?:[\p{L}']+\s+){0,3}$/u;
/**
 * Whether an "aperto"-like word states the state of the bando in question now. Not: eligibility ("aperto a tutti i
 * cittadini"); a plural of bandi in general ("i concorsi attualmente aperti", unless `generic`: a list's header);
 * a weak word ("disponibile", "valido", "in corso": a page, a document, an exam phase) without "ancora"/"tuttora".
 */
function stateOfThisBando(clause: string, m: RegExpExecArray, generic: boolean): boolean {
  const after = clause.slice(m.index + m[0].length);
  const stillBefore = /(?<!\p{L})(ancora|tuttora|attualmente|still)\s+(?:[\p{L}']+\s+){0,1}$/u.test(clause.slice(0, m.index));
  if (!stillBefore && /^\s+(?:a|ad|ai|agli|alle|alla|al|allo|all')(?!\p{L})(?!\s+(?:partire|decorrere))/u.test(after) && !/^\s+(?:a|al|alla)\s+(?:\d|fine|tutto)/u.test(after)) return false;
  const before = clause.slice(0, m.index);
  if (!generic && /[ie]$/u.test(m[0]) && GENERIC_PLURAL.test(before) && !/(?<!\p{L})(entramb\p{L}*|ambedue|tutti e due|tutte e due)(?!\p{L})/u.test(before)) return false;
  if (WEAK_STATE.test(m[0])) return stillBefore || (m[0] === 'in corso' && bandoInCorso(before, after));
  return true;
}

/**
 * The first words of the clause presenting the bando as open now (`today` lets a past extension pass); null when none.
 * `generic`: a list's header, whose plural ("i concorsi aperti") is about the items; `listed`: its subject is the items.
 */
/** A word every open claim contains: clauses without any (most of them) skip the claims one by one. */
const ANY_CLAIM =
  /ultimo|last|ritard|delay|toller|grace|candid|faccia|chiud|scad|termin|sta per|closes|closing|ends|aper|attiv|in corso|disponib|valid|candid|iscriv|partecip|domand|farl|inviar|presentar|mandar|spedir|trasmetter|inoltrar|tempo|margine|giorn|settiman|or[ae]|accett|ricev|raccogl|prend|acquisit|registrat|in carico|provi|tenti|affretti|proceda|pure|termini|prorog|differit|riapert|postic|slitt|still|apply|submit|send|open|extended|closed|expired|toujours|ouvert|pouvez|encore temps|lauf|noch|offen|konnen|kannst|abiert|vigente|en curso|todavia|aun|puede|abert|pode|deschis|puteti|otvoren|traje|prijav/u;

export function openClaim(clause: string, today?: string, opts: { generic?: boolean; listed?: boolean } = {}): string | null {
  if (OTHER_BANDI.test(clause)) return null;
  // "Qualora venisse riaperto, potrà candidarsi": what would follow a reopening that has not happened.
  if (ANY_CLAIM.test(clause) && !HYPOTHETICAL_REOPENING.test(clause)) {
    for (const [i, re] of OPEN_CLAIMS.entries()) {
      // A list's header ("Attualmente sono aperti:") has its subject below it: the bandi its items name.
      if (i === 0 && !OPEN_SUBJECT.test(clause) && opts.listed !== true) continue;
      if (re === RUNS_ON && extendedIntoThePast(clause, today)) continue;
      // "La domanda inviata il 29 maggio rientra nei termini": an application already sent, judged in time.
      if ((re === ACCEPTED || re === IN_TIME) && SENT_ALREADY.test(clause)) continue;
      // "la prova è a settembre, ha tutto il tempo"; "ha tempo per prepararsi": the time left is a later step's.
      const timeLeft = re === TIME_LEFT || re === TIME_LEFT_COUNT;
      if (timeLeft && (LATER_STEP.test(clause) || STUDY.test(clause)) && !APPLYING_WORD.test(clause)) continue;
      re.lastIndex = 0;
      for (let m = re.exec(clause); m !== null; m = re.exec(clause)) {
        if (negatedBefore(clause, m.index) || pastOrHypothetical(clause, m.index) || REPORTED.test(stretchBefore(clause, m.index)) || stateAsCondition(clause, m)) continue;
        if (i === 0 && !stateOfThisBando(clause, m, opts.generic ?? false)) continue;
        return m[0];
      }
    }
  }
  // "non è scaduto" claims it is open; an answer's leading "No," ("No, il termine è scaduto") negates nothing.
  return clause.includes('non ') ? (DENIED_CLOSED.exec(clause)?.[0] ?? null) : null;
}

/** Ways to say it is closed; negated ("non è scaduto") they become a claim that it is open. */
const CLOSED =
  /(?<!\p{L})(scadut[oaie]|chius[oaie]|terminat[oaie]|archiviat[oaie]|conclus[oaie]|expired|closed|no longer|too late|expiree?s?|clos|cloture\p{L}*|fermee?s?|trop tard|abgelaufen|geschlossen|beendet|vorbei|zu spat|vencid[oa]s?|cerrad[oa]s?|expirad[oa]s?|finalizad[oa]s?|encerrad[oa]s?|expirat[a]?|inchis[a]?|istekao|istekla|zatvoren\p{L}*|troppo tardi|non (e )?piu (possibile|aperto|aperta|attivo|attiva|accettat\p{L}*)|non (sono|e) piu accettat\p{L}*|non accetta|gia passat[oa]|e passat[oa]|e scadut[oa]|decors[oaie]|spirat[oaie]|scadev\p{L}*|(?:si )?chiudev\p{L}*|terminav\p{L}*|(?:aveva|avevano) (?:come )?(?:scadenza|termine)|(?:la scadenza|il termine) (?:era|e stat[oa])|fuori (?:dai |dal )?termin[ei]|fuori tempo(?: massimo)?|trascors[oaie]|non (?:\p{L}+ ){0,3}?piu (?:\p{L}+ ){0,2}?(?:candidar|candidabil|iscriver|partecipar|presentar|inviar|mandar|inoltrar|trasmetter|accett|possibil|apert|attiv|valid|disponibil)\p{L}*|anymore|any more|ended|is over|has passed|have passed|past the deadline)(?!\p{L})/gu;
export function closedClaim(clause: string): boolean {
  for (const m of clause.matchAll(CLOSED)) {
    if (m[0].startsWith('non ') || !negatedBefore(clause, m.index ?? 0)) return true;
  }
  return false;
}

/** What a question asks of a bando's state: whether one can still apply, or whether it has closed. */
const ASKS_OPEN =
  /(?<!\p{L})(ancora|in tempo|aperto|aperta|aperti|posso|possiamo|si puo|accetta\p{L}*|prorogat\p{L}*|riapert\p{L}*|valida|still|open|can i|encore|ouvert\p{L}*|puis-je|noch|offen|kann ich|todavia|aun|abiert\p{L}*|puedo|ainda|abert\p{L}*|inca|deschis|jos|otvoren\p{L}*|mogu)(?!\p{L})/u;
/**
 * A question about doing something else with the bando ("posso ancora leggere il bando?", "si può ancora scaricare?"):
 * a yes to it says nothing of applying, unless it also asks about applying or the bando's state.
 */
const OTHER_ACT =
  /(?<!\p{L})(legger\p{L}*|leggo|consult\p{L}*|veder\p{L}*|vedo|scaric\p{L}*|stamp\p{L}*|guard\p{L}*|trovar\p{L}*|trovo|visualizz\p{L}*|salvar\p{L}*|read|download|view|see|find)(?!\p{L})/u;
const ASKS_APPLYING =
  /(?<!\p{L})(candid\p{L}*|iscriv\p{L}*|iscrizion\p{L}*|partecip\p{L}*|domand\p{L}*|in tempo|apert[oaie]|scadut\p{L}*|chius[oaie]|valid[oa]|accett\p{L}*|prorogat\p{L}*|riapert\p{L}*|invi\p{L}*|mand\p{L}*|present\p{L}*|spedi\p{L}*|inoltr\p{L}*|attiv[oaie]|in corso|disponibil\p{L}*|possibil\p{L}*|tempo|termin\p{L}*|scadenz\p{L}*|apply\p{L}*|application\p{L}*|send|open|closed|expired|submit|deadline|time)(?!\p{L})/u;
const ASKS_CLOSED = /(?<!\p{L})(scadut\p{L}*|chius[oaie]|terminat[oaie]|troppo tardi|expired|closed|too late)(?!\p{L})/u;
const YES = /^(si|certo|certamente|esatto|esattamente|assolutamente|confermo|senz'altro|(?:direi|penso|credo|mi pare|mi sembra) di si|yes|sure|of course|ok|oui|bien sur|ja|jawohl|claro|sim|tak)(?!\p{L})/u;
const NO = /^(no|nope)(?!\p{L})/u;
/** "Non ancora!" to "è scaduto?": not closed yet. */
const NOT_YET = /^(non ancora|ancora no|not yet)(?!\p{L})/u;

/**
 * A yes to "posso ancora candidarmi?" / "faccio in tempo?", or a no to "è scaduto?": the answer's first word
 * presents applying as still possible, whatever follows, unless some clause says the bando closed.
 */
/** A question about doing something else with the bando than applying ("posso ancora leggere il bando?"); folded. */
export const asksOtherAct = (q: string) => OTHER_ACT.test(q) && !ASKS_APPLYING.test(q);

export function answersStillOpen(question: string, answer: string, clauses: () => string[]): string | null {
  const q = fold(question);
  // "Era aperto fino al 31 maggio." tells the past: it asks nothing of now.
  const open = [...q.matchAll(new RegExp(ASKS_OPEN.source, 'gu'))].some((m) => !pastOrHypothetical(q, m.index ?? 0));
  if (open === ASKS_CLOSED.test(q)) return null;
  if (asksOtherAct(q)) return null;
  const first = fold(answer.slice(0, 40)).replace(/^[^\p{L}]+/u, '');
  const word = first.split(/[\s,.:;!]/)[0];
  const said = open && YES.test(first) ? 'applying is still possible' : !open && (NO.test(first) || NOT_YET.test(first)) ? 'it has closed' : null;
  if (said === null || clauses().some(closedClaim)) return null;
  return `"${word}" to a question whether ${said}`;
}

/** Agreeing with what the citizen said: "Ha ragione", "Esatto", "You're right". */
const AGREES =
  /^(?:(?:si|certo|yes|ok)[,!.]?\s+)?(?:ha ragione|hai ragione|avete ragione|esatto|esattamente|giusto|corretto|proprio cosi|e cosi|e vero|confermo|you'?re right|you are right|that'?s right|correct|exactly|vous avez raison|sie haben recht|tiene razon)(?!\p{L})/u;
/** The citizen's objection to a closing ("scaduto? ma sul sito c'è scritto …", "it says closed, but …"): what follows the contrast. */
const OBJECTION = /(?<!\p{L})(?:scadut\p{L}*|chius[oaie]|terminat[oaie]|expired|closed)(?!\p{L})[^]*?[?!.,;]?\s*(?<!\p{L})(?:ma|pero|eppure|invece|but|though|yet)\s+([^]+)$/u;
/** What a premise says to keep the term running: a time of day it lasts until, "still", "in time", "not expired". */
const RUNS_UNTIL =
  /(?<!\p{L})(?:fino a|fino al|fino alle|fino alla|entro|sino a|sino alle|mezzanotte|23[.:]59|24[.:]00|ancora (?:apert|attiv|valid|possibil|in tempo|tempo)\p{L}*|in tempo|non (?:e )?(?:ancora )?scadut\p{L}*|still (?:open|valid|time)|until|midnight|in time)(?!\p{L})/u;

/**
 * The answer agrees with a premise of the question that the term still runs: the citizen objects to the closing
 * ("scaduto ieri? ma c'è scritto fino a mezzanotte") or states it open ("il sito dice che è ancora aperto."), and the
 * answer opens with "Ha ragione", "Esatto". The caller checks that no clause says the bando closed.
 */
export function agreesOpenPremise(question: string, answer: string, today?: string): string | null {
  const agreed = AGREES.exec(fold(answer.slice(0, 40)).replace(/^[^\p{L}]+/u, ''));
  if (agreed === null) return null;
  const q = fold(question);
  const objection = OBJECTION.exec(q)?.[1];
  const premise = objection !== undefined && RUNS_UNTIL.test(objection) ? objection : factClauses(question).find((c) => !q.includes(`${c}?`) && openClaim(c, today, { listed: true }) !== null);
  return premise === undefined ? null : `"${agreed[0]}" to the premise "${premise}"`;
}

/** The closing told in the future ("scadrà il 31 maggio", "will close on 31 May"): whatever its date, not closed yet. */
const FUTURE_CLOSING =
  /(?<!\p{L})(?:scadra|scadranno|(?:si\s+)?chiudera|(?:si\s+)?chiuderanno|terminera|termineranno|will (?:close|end|expire))\s+(?:il\s+|l'|on\s+)?(?:\d|(?:lunedi|martedi|mercoledi|giovedi|venerdi|sabato|domenica)\s+\d)/u;
/** What closes must be the bando or its term, or unsaid ("Chiuderà il 31 maggio"): a contract, a post expire too. */
const CLOSING_SUBJECT = /(?<!\p{L})(?:bando|concorso|selezione|avviso|procedura|termine|termini|scadenza|candidature|domande|iscrizioni|call|deadline|applications|competition)(?!\p{L})/u;
export function futureClosing(clause: string): string | null {
  const m = FUTURE_CLOSING.exec(clause);
  if (m === null || negatedBefore(clause, m.index) || pastOrHypothetical(clause, m.index) || OTHER_BANDI.test(clause)) return null;
  const before = clause.slice(0, m.index);
  return CLOSING_SUBJECT.test(before) || (before.match(/\p{L}+/gu) ?? []).length <= 2 ? m[0] : null;
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
const DEADLINE_WORD =
  /(?<!\p{L})(scade|scadenza|fino al|fino all|fino a|entro il|entro l|entro|termine|chiusura|chiude|chiudono|chiudera|ultimo giorno|data ultima|deadline|until|closing|closes|close on|last day|jusqu'au|jusqu'a|date limite|avant le|echeance|bis zum|bis|frist|hasta el|hasta|plazo|fecha limite|ate|prazo|pana la|termen|rok|do)(?!\p{L})/u;

/** Month names of French, German, Spanish and Portuguese (folded), as the Italian ones the date reader knows. */
const FOREIGN_MONTHS: Readonly<Record<string, string>> = {
  janvier: 'gennaio', fevrier: 'febbraio', mars: 'marzo', avril: 'aprile', mai: 'maggio', juin: 'giugno', juillet: 'luglio', aout: 'agosto', septembre: 'settembre', octobre: 'ottobre', decembre: 'dicembre',
  januar: 'gennaio', februar: 'febbraio', marz: 'marzo', juni: 'giugno', juli: 'luglio', oktober: 'ottobre', dezember: 'dicembre',
  enero: 'gennaio', febrero: 'febbraio', abril: 'aprile', mayo: 'maggio', junio: 'giugno', julio: 'luglio', septiembre: 'settembre', octubre: 'ottobre', noviembre: 'novembre', diciembre: 'dicembre',
  janeiro: 'gennaio', fevereiro: 'febbraio', marco: 'marzo', maio: 'maggio', junho: 'giugno', julho: 'luglio', setembro: 'settembre', outubro: 'ottobre', novembro: 'novembre', dezembro: 'dicembre',
};
const FOREIGN_DATE = new RegExp(String.raw`(?<!\d)(\d{1,2})\.?\s+(?:de\s+)?(${Object.keys(FOREIGN_MONTHS).join('|')})(?:\s+(?:de\s+)?(\d{4}))?(?!\p{L})`, 'gu');
/** "20 juillet 2028", "20. Juli 2028", "20 de julio de 2028" → "20 luglio 2028". */
const italianMonths = (clause: string) => clause.replace(FOREIGN_DATE, (_m, d: string, month: string, y?: string) => `${d} ${FOREIGN_MONTHS[month]}${y ? ` ${y}` : ''}`);

/**
 * A deadline on or after `today` given in the clause: a date ("scade il 20 luglio"), or a relative one ("entro
 * venerdì", "fino a fine marzo", "until the end of the month"). Negated or past-tense deadlines are not read.
 */
export function laterDeadline(clause: string, today: string): string | null {
  if (!DEADLINE_WORD.test(clause)) return null;
  const date = extractFacts(italianMonths(clause)).dates.find((d) => d >= today);
  if (date) return date;
  const rel = RELATIVE_FUTURE.exec(clause);
  if (!rel || negatedBefore(clause, rel.index)) return null;
  const month = rel.groups?.['it'] ?? rel.groups?.['en'];
  const index = month === undefined ? -1 : Math.max(MONTHS.indexOf(month), EN_MONTHS.indexOf(month));
  // "fine febbraio" said on 10 March is past; "fine mese", "venerdì", "domani" always lie ahead.
  if (index >= 0 && index + 1 < Number(today.slice(5, 7))) return null;
  return rel[0];
}
