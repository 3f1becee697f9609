/**
 * Positive evidence that a clause answers (answer-presence): what a clause must show to count as content when
 * it is neither a deflection nor filler. A clause without any of these is a claim the structure cannot judge
 * ("the judge decides"), not an answer. Each form is a kind of value a question about a bando asks for (a
 * figure, a time, a place, a requirement met or not, a list of things, a name), never a particular bot's
 * wording. Matched on lowercase, accent-folded text, apostrophes as '.
 */

/**
 * What kind of value a question asks for, when it says so: a time, a place, an amount of money, a length of
 * time, a count. A figure answers only a question it fits ("4 posti" does not say where the exam is, "entro il
 * 14 marzo" does not say how much the job pays); a question that names no kind takes any figure.
 */
export type Slot = 'when' | 'where' | 'who' | 'amount' | 'duration' | 'count';
const SLOTS: [Slot, RegExp][] = [
  ['duration', /\b(?:quanto (?:tempo )?dura\w*|durata|per quanto tempo|how long)\b/],
  ['amount', /\b(?:quanto (?:si )?(?:guadagn\w*|prend\w*|cost\w*|pag\w*|vers\w*)|stipendi\w*|retribu\w*|compens\w*|salar\w*|wages?|earn\w*|tass[ae]|fees?|costo|costi|cost|how much (?:is|does|do|will) (?:the )?(?:fee|pay|salary|it cost))\b/],
  // A time, or whether the bando is still open (what a date answers: "chiuso dal 10 ottobre").
  ['when', /\b(?:quando|entro quando|che data|che giorno|a che ora|in che orari\w*|scadenz\w*|scadut\w*|aperto|aperta|ancora (?:attiv|valid)\w*|when|what date|what day|what time|by when|deadline|closing date|still open|opening hours|orari\w*)\b/],
  ['where', /\b(?:dove|in quale (?:sede|citta|luogo|struttura)|where|which (?:city|venue|place|building))\b/],
  // (Not who may take part: "chi può partecipare?" asks for the requirements, not a person.)
  ['who', /(?:^|\s)(?:chi|a chi|da chi|who|whom|to whom)\b(?! (?:(?:puo|possono|potra|potranno|si puo) (?:partecip|candid|iscriv|presentar|concorr|acced|fare domanda)|(?:can|may|could) (?:apply|take part|participate|enter|sit|compete)|(?:is|are) (?:eligible|admitted|allowed to (?:apply|take part))))/],
  // A count, a score or a mark: any figure.
  ['count', /\b(?:quant[ie]|how many|numero di|number of|voto|voti|punteggi?o?|punti|soglia|score|mark|marks|points|threshold)\b/],
];
/** The kinds of value a question asks for (none: any). */
export function slotsOf(question: string): Slot[] {
  return SLOTS.filter(([, re]) => re.test(question)).map(([slot]) => slot);
}

/** A figure of the kind the slot asks for (any figure when it asks for a count, or when it says no kind). */
const FITS: Record<Slot, RegExp> = {
  when: /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|gen|giu|lug|ago|set|ott|dic)[a-z]*\.? \d{1,2}\b|\b\d{1,2} ?(?:°|º)? ?(?:gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre|january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b|\b\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?\b|\b(?:19|20)\d\d\b|\b\d{1,2}[:.]\d{2}\b|\b(?:ore|alle|dalle|at|from) \d{1,2}\b|\b\d{1,2} ?(?:am|pm)\b|\b\d+ (?:giorni|settimane|mesi|ore|days|weeks|months|hours)\b/,
  where: /\b(?:via|viale|piazza|piazzale|corso|largo|vicolo|aula|sala|padiglione|edificio|piano|stanza|street|road|avenue|room|hall|building|floor|pavilion)\b[^,;]{0,30}\d|\d[^,;]{0,6}\b(?:via|viale|piazza|street|road|avenue)\b/,
  amount: /€|\$|£|\b(?:euro|euros|eur|lordi|netti|mensili|annui|annuali|gross|net|per month|a month|a year|per year)\b|\d[.,]\d{3}\b|\bmila\b/,
  duration: /\b\d+(?:[.,]\d+)? ?(?:h|ore|ora|minuti|min|mesi|mese|anni|anno|giorni|settimane|hours?|minutes?|mins?|months?|years?|days?|weeks?)\b/,
  count: /\d/,
  who: /(?!)/,
};
/**
 * The number of a ticket or of a filed request: after "protocollo", "pratica", "ticket", "id", "numero" (not a
 * bando's code, which names a bando).
 */
const IDENTIFIER = /\b(?:protocoll\w*|prot\.|pratica|ticket|id|numero)\s*(?:n\.?\s*)?[:#°]?\s*[a-z]*[-_/]?\d\w*(?:[-_/.]\w+)*/g;
/**
 * Where a figure points rather than what it says: a citation marker ("[2]"), an article, clause, page or annex of a
 * text ("art. 9", "comma 3", "section 4.2", "allegato 1"), a level or category code ("Q2", "C1", "D3"), a score of
 * a search ("score < 0.35"). None is a value of what was asked.
 */
const REFERENCE =
  /\[\d+\]|\b(?:art|artt|articol[oi]|article|comma|commi|lett|par|paragraf[oi]|paragraph|section|sezione|sez|capo|pag|pagina|page|allegato|annex|punto|point)\.?\s*\d+(?:[.,]\d+)*[a-z]?\b|\b[a-z]{1,2}\d{1,2}\b(?![.,:]\d)|\b(?:score|similarity|soglia di pertinenza|threshold)\s*[<>=≤≥]+\s*\d+(?:[.,]\d+)?/g;
/**
 * Whether the clause gives a figure that fits the slot and is not only one of the question's own figures. A
 * figure inside a quoted title («… n. 6 posti …») is part of the bando's name, not something the question says:
 * "6 posti" still answers "how many posts does «… n. 6 posti …» offer?".
 */
export function figureFits(clause: string, slots: Slot[], question: string): boolean {
  // (A ticket's or a request's number, "pratica n. 2027/5531", "ID CS-2028-88412", is not a value: its "2027" is
  // no year.)
  clause = clause.replace(IDENTIFIER, ' ').replace(REFERENCE, ' ');
  const figures = clause.match(/\d+/g);
  if (!figures) return false;
  const asked = new Set(question.replace(/«[^»]*»/g, ' ').match(/\d+/g) ?? []);
  if (figures.every((f) => asked.has(f))) return false;
  if (slots.length > 0 && slots.every((s) => s === 'count') && !countsAsked(clause, question, asked)) return false;
  return slots.length === 0 || slots.some((slot) => FITS[slot].test(clause));
}

/** What a question counts: the noun after "quanti", "quante", "how many", "numero di" ("quante ore" → "ore"). */
const COUNTED = /\b(?:quant[ie]|how many|numero (?:di|dei|degli|delle)|number of)\s+(?:(?:sono|ci sono|are|there|i|gli|le|the)\s+)*([a-z]{3,})/;
/**
 * The kinds of thing a count counts, Italian and English, all forms: a length of time, posts, points, people, test
 * items, a date's month. A figure before a noun of another kind counts something else ("2 posti" does not say how
 * many hours a week; "3 maggio" is a date, not a number of posts); "60 minuti" to "quante ore?" is the same kind.
 */
const COUNT_KINDS: RegExp[] = [
  /^(?:or[ae]|minut[oi]|second[oi]|giorn[oi]|giornat[ae]|settiman[ae]|mes[ei]|ann[oi]|hours?|minutes?|seconds?|days?|weeks?|months?|years?|h|min)$/,
  /^(?:post[oi]|posts?|positions?|vacanc(?:y|ies)|seats?|openings?|jobs?|unita|places?)$/,
  /^(?:punt[oi]|points?|punteggi?o?|voti|voto|marks?|credit[oi]|credits?)$/,
  /^(?:candidat[oi]|candidates?|persone|people|vincitori|winners?|idone[oi]|ammess[oi]|applicants?|partecipanti|participants?)$/,
  /^(?:quesit[oi]|domande|questions?|items?|prove|prova|tests?|exams?|esami)$/,
  /^(?:gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre|january|february|march|april|may|june|july|august|september|october|november|december)$/,
];
const kindOf = (w: string): number => COUNT_KINDS.findIndex((re) => re.test(w));
/** Whether some figure of the clause may count what the question counts (not a noun of another kind after it). */
function countsAsked(clause: string, question: string, asked: Set<string>): boolean {
  const counted = COUNTED.exec(question)?.[1];
  const want = counted === undefined ? -1 : kindOf(counted);
  if (want < 0) return true;
  return [...clause.matchAll(/(\d+)(?:[.,]\d+)?\s*([a-z]+)?/g)].some(([, f, next]) => !asked.has(f ?? '') && (next === undefined || kindOf(next) < 0 || kindOf(next) === want));
}

import { memoize } from './memo.ts';
import { speaksOfItself } from './presence-frames.ts';

/** English number words ("five", "forty-two", "nine hundred"): a count is an answer, like a figure. */
const EN_NUMBER =
  /\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|dozen|half)\b/;
export const namesNumber = (clause: string): boolean => EN_NUMBER.test(clause) || /^(?:one|only one|just one|a single one)$/.test(clause);
/** Whether a number word may answer: not to a question asking when or where ("tre" is neither). */
export const countFits = (slots: Slot[]): boolean => slots.length === 0 || slots.some((slot) => slot !== 'when' && slot !== 'where' && slot !== 'who');

/**
 * A time: a month, a weekday, a season, a time relative to now or to a step of the procedure ("a fine gennaio",
 * "next week", "dopo lo scritto", "entro l'estate"). Answers "when", and says something concrete to any question.
 */
const TIME =
  /\b(?:gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre|january|february|march|april|june|july|august|september|october|november|december|lunedi|martedi|mercoledi|giovedi|venerdi|sabato|domenica|monday|tuesday|wednesday|thursday|friday|saturday|sunday|primavera|estate|autunno|inverno|spring|summer|autumn|winter|domani|dopodomani|ieri|tomorrow|yesterday)\b|\b(?:settimana|mese|anno|week|month|year) (?:prossim|scors|passat|ventur)\w*|\b(?:prossim|scors|passat)\w* (?:settimana|mese|anno)\b|\b(?:next|last|this coming|following|previous) (?:week|month|year|term|semester)\b|\b(?:dopo|prima|before|after) (?:lo|la|il|l'|i|gli|le|the) (?:scritto|orale|prova|prove|preselezion\w*|colloqui\w*|written|oral|test|exam|interview|assunzione|hiring)\b|\b\w+ (?:giorni|settimane|mesi|days|weeks|months) (?:prima|dopo|before|after|from)\b/;
export const namesTime = (clause: string, slots: Slot[]): boolean => (slots.length === 0 || slots.includes('when')) && TIME.test(clause);

/**
 * A restriction or sufficiency that gives the value ("solo per esami", "basta la triennale", "only online",
 * "enough with a diploma"): the frame of an answer. Not "solo il bando fa fede" (a referral, judged before).
 */
const RESTRICTS =
  /(?:^(?:\S+ )?|\b(?:prevede|prevedono|richiede|richiedono|ammette|ammettono|accetta|accettano|consente|include|comprende|serve|servono|vale|valgono|ha|hanno|e|sono|requires?|needs?|accepts?|allows?|includes?|has|have|is|are) )(?:solo|soltanto|unicamente|esclusivamente|basta|bastano|e sufficiente|sono sufficienti|only|just|solely|exclusively|enough) (?!(?:io|me|noi|per (?:informazion|chiariment|conferm|scrupol|sicurezz|chiarezz|precision|completezz)\w*)\b)(?!per [a-z]+(?:are|ere|ire)(?:l[aeio]|mi|ti|ci|vi|si|ne|lo)?\b)(?!to (?:be|make|check|confirm|clarify|understand|double|recap|let|say|note|remind|add|verify|ensure|avoid|get|see|know)\b)(?!(?:(?:il|lo|la|l'|i|gli|le|the|its|their)\s*)?(?:ente|enti|uffic\w*|sito|portale|bando|avviso|amministrazion\w*|segreteri\w*|responsabil\w*|notice|office|website|portal|authority|administration)\b)\S/;
export const restricts = (clause: string): boolean => RESTRICTS.test(clause);

/**
 * To a yes/no question, a clause that opens with a yes or a no ("di regola sì", "unfortunately yes", "not
 * necessarily", "no need", "nessun limite") or states a requirement met or not ("non è necessario", "è
 * obbligatorio", "not required"): it takes a side.
 */
const SIDE_AT_END = /\b(?:there (?:is|are)(?: not|n't)?|c'e|ci sono|si|yes|no)$/;
/** "Non risulta alcun concorso …", "there is no such call": to "is there a bando …?", a no. */
const NONE_SUCH =
  /\b(?:non (?:c'e|ci sono|esiste|esistono|risulta|risultano|trovo|ho trovato)|there is no|there are no|i (?:can't|cannot|could not|couldn't) find (?:any|a)|no such)\b(?:\s+(?:alcun\w*|nessun\w*|un|una|uno|any|a|an))?\s+(?:concors|band|avvis|selezion|procedur|competition|call|notice|job)/;
const TAKES_SIDE =
  /^(?:\S+ ){0,2}(?:si|yes|no|not|nope|nessun[oa]?|none|neither)\b(?! (?:so|lo so|saprei|idea|information|informazion\w*|details|dettagli|risposta|answer|comment|problem|worries|problema|sure|certain|aware|clear|known|know|sicur\w*|cert\w*|chiaro)\b)|\b(?:si|yes)$|^(?:\S+ ){0,2}?(?:(?:non )?(?:e|sono|viene|vengono)|(?:is|are)(?: not|n't)?|not) (?:\S+ )?(?:necessari[oa]|obbligatori[oa]|richiest[oa]|previst[oa]|ammess[oa]|consentit[oa]|necessary|mandatory|compulsory|required|needed|allowed|accepted|permitted|provided for)\b|^(?:non |not )?(?:serve|servono|occorre|occorrono|need|needs)\b|^no need\b/;
export const takesSide = (clause: string): boolean => TAKES_SIDE.test(clause) || NONE_SUCH.test(clause);
/** A clause ending on its side ("I'm sorry to say there is", "purtroppo sì"), whoever speaks. */
export const endsOnSide = (clause: string): boolean => SIDE_AT_END.test(clause);

/**
 * Where something happens, in the words of a place rather than a figure: "presso la sede di …", "online", "in
 * presenza", "da remoto", "at the town hall". Answers a question asking where.
 */
const PLACE =
  /\b(?:presso|in sede|in presenza|da remoto|a distanza|online|on-line|in modalita (?:telematica|digitale|online|remota|a distanza)|in videoconferenza|in person|remotely|at the|held in|takes place in|si (?:svolg\w+|tien\w+|terr\w+) (?:a|in|nella|nel|presso))\b/;
export const namesPlace = (clause: string, slots: Slot[]): boolean => slots.includes('where') && PLACE.test(clause);

/**
 * Whether a name may answer: to a question asking where, who or what (no kind), not to one asking for a time,
 * an amount, a length or a count ("tramite il portale inPA" does not say how much the job pays).
 */
export const namesFit = (slots: Slot[]): boolean => slots.length === 0 || slots.some((slot) => slot === 'where' || slot === 'who');

/**
 * A list of things ("documento d'identità, diploma e ricevuta", "SPID, CIE or CNS", "Perugia and Terni"):
 * short items joined by commas and a final "e"/"o"/"and"/"or". The sentence is judged whole, since the clauses
 * would cut the list apart; `concrete` says whether an item names something (not only words about the
 * conversation or where else to ask).
 */
export function enumerates(sentence: string, concrete: (item: string) => boolean): boolean {
  const body = sentence.replace(/^[^:]{0,40}:\s*/, '').replace(/[.!?;]+$/, '');
  // A bare " e " may be a folded "è" ("l'ufficio è aperto e risponde"): a list needs a comma or another joiner.
  if (!/,|\s(?:ed|o|oppure|and|or)\s/.test(body)) return false;
  const items = body.split(/\s*,\s*(?:(?:e|ed|o|oppure|and|or)\s+)?|\s+(?:e|ed|o|oppure|and|or)\s+/).map((x) => x.trim()).filter(Boolean);
  // Three things or more, or two as alternatives ("SPID o CIE"): two joined by "and" may be two clauses.
  if (items.length < 3 && !/\s(?:o|oppure|or)\s/.test(body)) return false;
  // Each item a noun phrase: a few words, nothing negated, not the bot speaking of itself ("capisco …").
  if (items.some((x) => x.split(/\s+/).length > 4 || /\b(?:non|not|no|never|mai)\b|n't\b/.test(x) || speaksOfItself(x))) return false;
  return items.filter(concrete).length >= Math.max(2, Math.ceil(items.length / 2));
}

/**
 * Names in the original text: a word capitalised after a sentence's first word, or with a capital inside
 * ("Terni", "CQC", "inPA"): places, documents, systems. Returned folded to lowercase, the question's own
 * words left out by the caller.
 */
export function namesIn(text: string): Set<string> {
  const out = new Set<string>();
  // (A quoted passage opens a sentence of its own: "— «Il contributo …»" names nothing by its capital.)
  for (const sentence of text.split(/(?<=[.!?;:])\s+|\n+|[«“]|\s[—–]\s/)) for (const n of namesOfSentence(sentence)) out.add(n);
  return out;
}
const CALENDAR = /^(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$/;
/** One sentence's names, memoised: a mutant changes one sentence, the others' names are known. */
const namesOfSentence = memoize(
  (sentence: string): string[] => {
    const out: string[] = [];
    const words = sentence.match(/[\p{L}][\p{L}\p{N}'’-]*/gu) ?? [];
    words.forEach((w, i) => {
      // (A month or a weekday is capitalised in English, "on 9 March": a time, not a name.)
      if (CALENDAR.test(w)) return;
      // (Nor the English "I", "I'm", "I'd": a pronoun.)
      if (/^I(?:['’]\w+)?$/.test(w)) return;
      if ((i > 0 && /^\p{Lu}/u.test(w)) || /\p{Lu}/u.test(w.slice(1))) out.push(w.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[’]/g, "'").replace(/^\w+'/, ''));
    });
    return out;
  },
  (sentence) => sentence,
);

/**
 * A question asking who may take part or what is required ("chi può partecipare?", "che titolo serve?", "what
 * are the requirements?"), and a requirement named in a clause (a degree, a citizenship, an age, a licence,
 * experience): the value such a question asks for, figure or not ("chi ha il diploma di ragioneria").
 */
const ASKS_REQUIREMENT =
  /\b(?:chi (?:puo|possono|potra|potranno) (?:partecip|candid|iscriv|presentar|concorr|acced)\w*|requisit\w*|che (?:titolo|laurea|diploma|titoli)|quale (?:titolo|laurea|diploma)|who (?:can|may|could) (?:apply|take part|participate|enter|compete)|eligib\w*|requirements?|(?:which|what) (?:degree|qualification|diploma|licen[cs]e)s?)\b/;
const REQUIREMENT =
  /\b(?:laure\w*|diplom\w*|titol\w* di studio|cittadin\w*|maggiore eta|eta (?:minima|massima)|\d+ anni|patent\w*|esperienz\w*|iscri(?:tt|zion)\w*|abilitazion\w*|residen\w*|idoneita|degree|graduate\w*|citizen\w*|nationals?|minimum age|aged? \d+|licen[cs]e|experience|qualification\w*|registered|enrolled|resident\w*)\b/;
export const namesRequirement = (clause: string, question: string): boolean => ASKS_REQUIREMENT.test(question) && REQUIREMENT.test(clause);

/**
 * The aspect of a bando a text speaks of: its posts, pay, deadline, how to apply, requirements, exams, reserved
 * posts, documents, contract, ranking, fee. A name is evidence of an answer only about the aspect asked: "5 posts
 * in the Area Istruttori" or "apply on inPA with SPID" names something, but not the documents, the reserve or
 * the exam subjects asked about. A text may speak of several aspects, or of none the list knows.
 */
const ASPECTS: [string, RegExp][] = [
  ['posts', /\b(?:posti|posto|posts?|positions?|vacanc\w*|seats?|openings?)\b/],
  ['pay', /\b(?:stipend\w*|retribu\w*|compens\w*|lord[oi]|nett[oi]|salar\w*|pay|paid|wages?|gross|earn\w*|guadagn\w*)\b/],
  ['deadline', /\b(?:scadenz\w*|scade\w*|scadut\w*|termine|deadline|closing date|closes|chiude|chiusura)\b/],
  ['apply', /\b(?:inpa|spid|cie|cns|eidas|pec|candidatur\w*|candidar\w*|domand[ae] (?:(?:si|va|vanno|deve|devono) )?(?:present|invi|inoltr|compil|trasmett)\w*|present\w* (?:la )?domanda|applications?|apply\w*|applying|submit\w*|portal[ei]?)\b/],
  ['requirements', /\b(?:requisit\w*|laure\w*|diplom\w*|titol\w* di studio|cittadinanz\w*|degree|citizenship|eligib\w*|requirements?|qualification\w*)\b/],
  ['exam', /\b(?:prov[ae]|esam[ei]|scritt[oa]|oral[ei]|materi[ae]|colloqui\w*|quiz|exams?|tests?|written|oral|subjects?|syllabus|interview\w*)\b/],
  ['reserve', /\b(?:riserv\w*|reserv\w*|quota)\b/],
  ['documents', /\b(?:document\w*|allegat\w*|allegare|upload\w*|attach\w*|certificat\w*)\b/],
  ['contract', /\b(?:contratt\w*|tempo (?:pieno|parziale|determinato|indeterminato)|indeterminato|part-time|full-time|permanent|fixed-term|contract)\b/],
  ['ranking', /\b(?:graduatori\w*|ranking|punteggi\w*|punti|points|scores?|valutazion\w* dei titoli)\b/],
  ['fee', /\b(?:contribut\w*|tassa|diritti di segreteria|pagopa|fee)\b/],
  ['board', /\b(?:commission[ei]|esaminatric\w*|president[ei]|segretari[oa]|esperti|board|panel|committee|examiners?)\b/],
  ['schedule', /\b(?:calendari\w*|convocazion\w*|diari[oa] delle prove|schedule|timetable|calendar)\b/],
];
export const aspectsOf = memoize((text: string): string[] => ASPECTS.filter(([, re]) => re.test(text)).map(([a]) => a), (text) => text);
/** Whether a clause speaks only of aspects of the bando other than those the question asks about. */
export function otherAspect(clause: string, asked: string): boolean {
  const wanted = aspectsOf(asked);
  if (wanted.length === 0) return false;
  const spoken = aspectsOf(clause);
  return spoken.length > 0 && !spoken.some((a) => wanted.includes(a));
}

/**
 * A clause that only weighs what was asked about ("le prove sono uno dei momenti più importanti", "presentare la
 * domanda è semplice", "this step is crucial"): an evaluation, not a fact about the bando.
 */
const EVALUATES =
  /\b(?:e|sono|resta|rimane|sembra|is|are|remains?|seems?)\s+(?:\S+\s+){0,4}?(?:important[ei]|importantissim[oaie]|fondamental[ei]|crucial[ei]|essenzial[ei]|delicat[oaie]|semplic[ei]|facil[ei]|difficil[ei]|complicat[oaie]|compless[oaie]|impegnativ[oaie]|decisiv[oaie]|important|crucial|essential|key|critical|simple|easy|straightforward|difficult|hard|tricky|demanding|delicate|challenging|decisive)\b/;
export const evaluates = (clause: string): boolean => EVALUATES.test(clause) && !/\d/.test(clause);
