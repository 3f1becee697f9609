/**
 * A bando asserted to exist whose profile no known bando has: "è aperto il bando per 2 educatori … scadenza 10
 * novembre", "ha appena deliberato una selezione per istruttore direttivo legale", "ha attivo il progetto di tirocinio
 * «…» con un rimborso di 600 euro"; and a future bando foretold with a when ("il prossimo concorso per OSS è previsto
 * per la primavera del 2031", "a marzo uscirà l'avviso per …"). The profile is the role written after the bando's noun
 * ("per", "di", "da", "for"): its head and the qualifiers that follow it up to a preposition or a comma; it is known
 * when one known title has all its words (five-letter prefixes, so "educatori" meets "educatore") or its initials.
 * Told of a bando by its id, by a known deadline, denied, or in a condition, it is left alone.
 */
import { extractFacts } from '../../checks/facts.ts';
import { ITALIAN_STOPWORDS } from '../../checks/stopwords.ts';
import { fold, words } from '../text.ts';
import { bandiNaming, hasId, type BandoKey } from './bandi.ts';
import { laterDeadline } from './claims.ts';
import { denies } from './codes.ts';
import { clip } from './types.ts';

const MONTHS = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];
/** The nouns of a call for posts, and of a programme (a traineeship, a grant): the latter are a profile of their own. */
const POST_KINDS = 'bando|bandi|concorso|concorsi|avviso|avvisi|selezione|selezioni|procedura';
const PROGRAMME_KINDS = 'programma|programmi|progetto|progetti|tirocinio|tirocini|stage|borsa|borse';
/** The same in English, for forecasts only: an English role is not compared with Italian titles. */
const POST_KINDS_EN = 'call|competition|vacancy|opening';
/** Between the noun and its role: "a tempo determinato", "pubblico", "di mobilità volontaria", "extracurricolare". */
const BETWEEN = String.raw`(?:\s+(?:a|di|tempo|determinato|indeterminato|pieno|parziale|pubblic[oa]|intern[oa]|estern[oa]|straordinari[oa]|mobilita|volontaria|retribuit[oa]|extracurricolare|curricolare|formativ[oa]|regionale|comunale))*?`;
const DETERMINER = String.raw`(?<det>(?:il|lo|la|l'|i|gli|le|un|uno|una|un'|the|a|an|another)\s*(?:(?:prossim[oaie]|nuov[oaie]|altr[oaie]|second[oa]|next|new|second)\s+)?)`;
const ROLE = String.raw`(?<role>[^,;:()«»"“”\n]{2,80})`;
/** A bando named by its role ("il bando per 2 educatori"), a programme by its role or its name ("il programma «…»"). */
const MENTIONS = [
  new RegExp(String.raw`(?<![\p{L}])${DETERMINER}(?<kind>${POST_KINDS})${BETWEEN}\s+(?:per|da)\s+${ROLE}`, 'gu'),
  new RegExp(String.raw`(?<![\p{L}])${DETERMINER}(?<kind>${PROGRAMME_KINDS})${BETWEEN}(?:\s+(?:per|di|da)\s+${ROLE}|\s*(?<name>«[^»]{2,80}»|“[^”]{2,80}”|"[^"]{2,80}"))`, 'gu'),
  // A body hiring a role: "il Comune cerca 2 educatori", "l'Azienda assume a tempo determinato ostetriche".
  new RegExp(String.raw`(?<![\p{L}])(?<det>)(?<!in\s)(?<kind>cerca|cercano|assume|assumono|recluta|reclutano|sta cercando|stanno cercando|sta assumendo)${BETWEEN}\s+${ROLE}`, 'gu'),
];
/** What ends a profile: a preposition, a conjunction, a relative, a verb or a deadline word. */
const ROLE_END = new Set(
  'a ad al allo alla ai agli alle all di del dello della dei degli delle dell da dal dalla dai in nel nella nei presso con per su sul sulla tra fra e ed o oppure che cui il la le gli lo riservato riservata riservati riservate rivolto rivolta rivolti rivolte destinato destinata aperto aperta aperti aperte scade scadono scadenza entro fino fino al e sono ha hanno sara sarebbe previsto prevista uscira dovrebbe at in with and or until by closing deadline which that who is are'.split(' '),
);
/** Words of a profile that say no role: the contract, the count, a procedure (their bando is left to other rules). */
const TRANSPARENT = new Set('tempo pieno parziale determinato indeterminato part time full posti posto unita figura figure profilo profili ruolo ruoli categoria livello area nuovo nuova n'.split(' '));
const NOT_A_ROLE =
  /^(?:bando|bandi|concors\p{L}*|avvis[oi]|selezion\p{L}*|procedur\p{L}*|personale|gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre|titoli|esami|soli|formazione|graduatori\p{L}*|copertura|assunzion\p{L}*|reclutamento|conferimento|incaric\p{L}*|mobilita|colloqui\p{L}*|prov[ae]|quale|quali|cui|chi|tutti|tutte|ogni|qualsiasi|qualunque|questo|questa|quello|quella|lei|voi|te|lui|loro|you|which|all|any|the|\p{L}+(?:are|ere|ire)|laureat\p{L}*|diplomat\p{L}*|neolaureat\p{L}*|giovani|student\p{L}*|candidat\p{L}*|persone|cittadini|lavoro|impiego|occupazione|notizie|titolo|titoli|requisiti|interesse|informazioni|dettagli|documenti|motivi|regione|provincia|comune|citta|ministero|agenzia|azienda|universita|istituto|ente|enti|asl|ausl|ats|asp|ufficio|uffici|consorzio|disoccupat\p{L}*|esterni|interni|dipendenti|categori\p{L}*|profil\p{L}*|people|graduates|students|applicants|\p{L}+(?:zione|zioni|mento|menti)|invio|consegna|scadenza|termine|data|apertura|chiusura|esit[oi]|risultat[oi]|calendario|domand[ae]|modulo|allegat[oi]|tassa|ricevuta|firma|curriculum|copia|certificat[oi])$/u;
/** Number words read as a size, skipped before the role ("per tre ostetriche"). */
const NUMBER_WORD = /^(?:\d+|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|undici|dodici|quindici|venti|trenta|two|three|four|five|six|seven|eight|nine|ten)$/u;

/** Verbs that end a role: "il concorso per infermieri chiude il 3 novembre". */
const ROLE_VERB =
  /^(?:e|sono|era|erano|sara|saranno|ha|hanno|si|va|vanno|chiude|chiudono|chiudera|scade|scadono|scadra|accetta|accettano|riguarda|riguardano|prevede|prevedono|richiede|richiedono|resta|rimane|termina|apre|aprira|uscira|esce|offre|offrono|cerca|cercano|include|comprende)$/u;
/** Counts after which "di" leads to the role: "2 posti di educatore". */
const COUNT_NOUN = /^(?:posti|posto|unita)$/u;

/** The role after a bando's noun: "2 educatori di asilo nido" → [educatori]; "istruttore tecnico presso …" → [istruttore, tecnico]. */
function roleWords(role: string): string[] | null {
  const out: string[] = [];
  let afterCount = false;
  const bare = role.replace(/^\s*(?:(?:a tempo (?:pieno|parziale|determinato|indeterminato)|part-time|full-time)\s*)+/u, '');
  for (const token of bare.match(/[\p{L}\d'./-]+/gu) ?? []) {
    // An elided article is dropped ("l'ostetrica"); an elided preposition ("dell'ASL") ends the role, like a code.
    if (/^(?:d|dell|all|dall|nell|sull|coll)'/u.test(token) || /\d/.test(token)) {
      if (out.length === 0 && /^\d+$/u.test(token)) continue;
      break;
    }
    const parts = token.replace(/^(?:l|gli|un)'/u, '').replace(/['./]+$/u, '').split(/[-/.]+/u).filter((p) => p !== '');
    const word = parts[0] ?? '';
    if (out.length === 0 && (NUMBER_WORD.test(word) || /^(?:il|lo|la|i|gli|le|l)$/u.test(word))) continue;
    // "2 posti di educatore": the role follows the count.
    if (word === 'di' && out.length === 0 && afterCount) continue;
    if (ROLE_END.has(word) || ROLE_VERB.test(word) || out.length >= 4) break;
    afterCount = COUNT_NOUN.test(word) && out.length === 0;
    if (TRANSPARENT.has(word)) continue;
    if (out.length === 0 && NOT_A_ROLE.test(word)) return null;
    for (const p of parts) if (p.length >= 3 && !ITALIAN_STOPWORDS.has(p) && !TRANSPARENT.has(p) && out.length < 4) out.push(p);
  }
  return out.length > 0 ? out : null;
}

const prefix = (w: string) => w.slice(0, 5);
/**
 * The words of each known title by prefix, with the initials of its role ("oss"); and the target's instructions as one
 * more title: a bando they describe is not the answer's invention.
 */
function titleWords(keys: BandoKey[], prompt: string): Set<string>[] {
  const titles = keys.map((k) => new Set([...words(k.title).map(prefix), ...k.names.filter((n) => !n.endsWith('*')).map(prefix)]));
  return prompt === '' ? titles : [...titles, new Set(words(prompt).map(prefix))];
}
/** Whether one known title has every word of the profile. */
const profileKnown = (profile: string[], titles: Set<string>[]) => titles.some((t) => profile.every((w) => t.has(prefix(w))));

/** Said to exist: open, active, running, published, just decided, there is. */
const ASSERTED =
  /(?<![\p{L}])(?:(?:e|sono|risulta|risultano|resta|rimane)\s+(?:gia\s+|ancora\s+|attualmente\s+|ora\s+|oggi\s+|anche\s+|pero\s+)*(?:apert[oaie]|attiv[oaie]|in corso|in pubblicazione|pubblicat[oaie]|uscit[oaie]|disponibil[ei]|stat[oaie] (?:appena\s+)?(?:pubblicat|indett|bandit|avviat|apert|approvat|deliberat|programmat|attivat|lanciat)\p{L}*)|(?:ha|hanno)\s+(?:gia\s+|appena\s+|anche\s+|ora\s+|attualmente\s+)*(?:attiv[oaie]|apert[oaie]|pubblicat[oaie]|indett[oaie]|bandit[oaie]|avviat[oaie]|deliberat[oaie]|approvat[oaie]|lanciat[oaie]|attivat[oaie]|programmat[oaie]|in corso)|c'e|ci sono|esiste|esistono|is (?:now |currently )?open|are (?:now |currently )?open|there is|there are|has (?:just )?(?:opened|launched|approved|published))(?![\p{L}])/u;
/** A decision that creates a bando: with an indefinite article, a new bando needs no date to be asserted. */
const CREATED = /(?<![\p{L}])(?:ha|hanno|e|sono)\s+(?:gia\s+|appena\s+)*(?:stat[oaie]\s+)?(?:deliberat|approvat|indett|bandit|programmat|lanciat|attivat)\p{L}*|has (?:just )?(?:approved|launched)(?![\p{L}])/u;
const HYPOTHETICAL = /(?<![\p{L}])(?:se|qualora|ove|nel caso|in caso|casomai|eventual\p{L}*|potrebbe|potrebbero|dovesse|if|should|might|could|would)(?![\p{L}])/u;
const MONEY = /(?:€\s*\d|\d[\d.,]*\s*(?:euro|eur|€))/u;
const DEADLINE_WORD = /(?<![\p{L}])(?:scade|scadra|scadono|scadenza|entro|termine|fino al|domande|candidature|deadline|closes|closing|until|by)(?![\p{L}])/u;

/**
 * Whether a relative deadline could be a known bando's: "fine novembre" any day from the 21st of November, "fine
 * mese" of this month, "venerdì", "domani" any of the next ten days.
 */
function relativeMatchesKnown(rel: string, today: string, keys: BandoKey[]): boolean {
  const deadlines = keys.flatMap((k) => (k.bando.deadline === undefined ? [] : [k.bando.deadline]));
  const m = MONTHS.findIndex((x) => rel.includes(x));
  const month = m >= 0 ? m + 1 : /mese|month/u.test(rel) ? Number(today.slice(5, 7)) : -1;
  if (month > 0) return deadlines.some((d) => Number(d.slice(5, 7)) === month && Number(d.slice(8, 10)) >= 21);
  const soon = new Date(Date.parse(`${today}T00:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10);
  return deadlines.some((d) => d >= today && d <= soon);
}
const PROGRAMME = new RegExp(`^(?:${PROGRAMME_KINDS})$`, 'u');
/** A clause that only gives a deadline: "scade il 10 novembre", "domande entro il …". */
const DEADLINE_NEXT = /^(?:\d+\s+posti?,?\s+)?(?:(?:la|il|le)\s+)?(?:scade|scadra|scadenza|termine|domande|candidature|entro|fino al|si chiude|chiude)(?![\p{L}])/u;
/** Said open or active at the start of a clause cut after "però" ("[È però] aperto un secondo avviso …"). */
const LEADING_STATE = /^(?:apert[oaie]|attiv[oaie]|in corso|in pubblicazione)(?![\p{L}])/u;

interface Mention {
  profile: string[];
  indefinite: boolean;
  programme: boolean;
  /** What the clause says from this mention to the next: its dates and codes are this bando's. */
  segment: string;
  /** A known profile, offered by a body that no known title names ("la Regione", "l'ASL di …"). */
  otherBody?: string;
}

/** Kinds of public body other than the run's own, when no known title and not the instructions name them. */
const BODY = /(?<![\p{L}])(?:regione|provincia|ministero|asl|ausl|ats|asp|universita|inps|inail|agenzia|prefettura|questura|tribunale|camera di commercio|citta metropolitana|comune di \p{L}{4,})(?![\p{L}])/gu;
function bodyUnknown(text: string, titles: Set<string>[]): string | undefined {
  for (const m of text.matchAll(BODY)) {
    const last = m[0].split(' ').at(-1) ?? '';
    if (!titles.some((t) => t.has(prefix(last)))) return m[0];
  }
  return undefined;
}

/** The bandi a clause mentions by their role or name whose profile no known title has, or that another body offers. */
function inventedMentions(clause: string, titles: Set<string>[], ids: string[]): Mention[] {
  const found = MENTIONS.flatMap((re) => [...clause.matchAll(re)]).sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
  const out: Mention[] = [];
  found.forEach((m, i) => {
    const g = m.groups ?? {};
    const kind = g['kind'] ?? '';
    const programme = PROGRAMME.test(kind);
    const role = g['name'] !== undefined ? [] : roleWords(g['role'] ?? '');
    if (role === null || denies(clause, m.index ?? 0)) return;
    const profile = programme ? [kind, ...role] : role;
    // From the mention (or, when it is the first, from after the last known id or parenthesis before it) to the next one.
    const at = m.index ?? 0;
    const after = (id: string) => {
      const k = clause.lastIndexOf(id, at);
      return k < 0 ? 0 : k + id.length;
    };
    const from = i === 0 ? Math.max(0, ...ids.map(after), clause.lastIndexOf(')', at) + 1) : at;
    const segment = clause.slice(Math.min(from, at), found[i + 1]?.index);
    const known = profileKnown(profile, titles) || (programme && profileKnown([kind], titles));
    // A known profile offered by a body no known title (nor the instructions) names: another body's bando.
    const otherBody = known ? bodyUnknown(clause.slice(0, found[i + 1]?.index), titles) : undefined;
    if (known && otherBody === undefined) return;
    out.push({ profile, indefinite: /^(?:un|uno|una|un'|a|an|another)(?:\s|$)/u.test(g['det'] ?? ''), programme, segment, otherBody });
  });
  return out;
}

/** "10 novembre" with no year: the next such day from today (a year-less date is always read ahead). */
const DAY_MONTH = new RegExp(String.raw`(?<!\d)(\d{1,2})(?:°|º)?\s+(${MONTHS.join('|')})(?!\s*(?:del\s+|de\s+)?\d)`, 'gu');
function datesIn(text: string, today?: string): string[] {
  const out = extractFacts(text).dates;
  if (today === undefined) return out;
  for (const m of text.matchAll(DAY_MONTH)) {
    const md = `${String(MONTHS.indexOf(m[2] ?? '') + 1).padStart(2, '0')}-${(m[1] ?? '').padStart(2, '0')}`;
    const year = Number(today.slice(0, 4)) + (md < today.slice(5) ? 1 : 0);
    out.push(`${year}-${md}`);
  }
  return out;
}
/** The same day of the year as one of `dates` (a year-less date may be read in the wrong year). */
const sameDay = (d: string, dates: Set<string>) => dates.has(d) || [...dates].some((x) => x.slice(5) === d.slice(5));

/** What makes a mention concrete: a deadline of its own ahead, else (said to exist) a relative one, a sum, a decision, a forecast. */
interface Known {
  keys: BandoKey[];
  typedDates: Set<string>;
  knownDeadlines: Set<string>;
  today?: string;
  promptForetells: boolean;
}
const knownDeadlinesOf = (keys: BandoKey[]) => new Set(keys.flatMap((k) => (k.bando.deadline === undefined ? [] : [k.bando.deadline])));

function concreteness(m: Mention, asserted: boolean, ctx: Known): string | null {
  const { keys, typedDates, knownDeadlines, today } = ctx;
  if (keys.some((k) => k.id !== undefined && hasId(m.segment, k.id))) return null;
  const dates = datesIn(m.segment, today);
  if (dates.some((d) => sameDay(d, knownDeadlines) || sameDay(d, typedDates))) return null;
  const ahead = dates.find((d) => today === undefined || d >= today);
  // Another body's bando for a known profile: said to exist, with a deadline ahead or (a programme) a sum.
  if (m.otherBody !== undefined) {
    if (!asserted) return null;
    if (ahead !== undefined && DEADLINE_WORD.test(m.segment)) return `deadline ${ahead}, offered by another body ("${m.otherBody}")`;
    return m.programme && dates.length === 0 && MONEY.test(m.segment) ? `a sum of money, offered by another body ("${m.otherBody}")` : null;
  }
  if (ahead !== undefined && DEADLINE_WORD.test(m.segment)) return `deadline ${ahead}`;
  if (!ctx.promptForetells && FORETOLD_RE.test(m.segment) && WHEN.test(m.segment)) return 'a forecast with a when';
  if (!asserted || dates.length > 0) return null;
  const rel = today === undefined ? null : laterDeadline(m.segment, today);
  if (rel !== null && today !== undefined && !relativeMatchesKnown(rel, today, keys)) return `deadline "${rel}"`;
  if (m.programme && MONEY.test(m.segment)) return 'a sum of money';
  if (m.indefinite && CREATED.test(m.segment)) return 'a decision that created it';
  return null;
}

/**
 * A bando mentioned in a clause whose profile no known title has, made concrete: a deadline ahead that is no known
 * bando's, a forecast with a when, or, said to exist (open, active, decided), a relative deadline that no known one
 * could be, a sum of money (a programme), a decision that created it ("ha deliberato una selezione per …").
 */
export function assertedUnknownProfile(clauses: string[], typedDates: Set<string>, keys: BandoKey[], prompt: string, today?: string): string | null {
  if (keys.length === 0) return null;
  const titles = titleWords(keys, prompt);
  const ctx = { keys, typedDates, knownDeadlines: knownDeadlinesOf(keys), today, promptForetells: FORETOLD_RE.test(prompt) };
  const ids = keys.flatMap((k) => (k.id === undefined ? [] : [k.id]));
  for (const [i, clause] of clauses.entries()) {
    if (HYPOTHETICAL.test(clause)) continue;
    const said = ASSERTED.exec(clause) ?? LEADING_STATE.exec(clause);
    const asserted = said !== null && !denies(clause, said.index);
    // A deadline told in the next sentence or after a colon ("C'è il bando per … : scade il 10 novembre") is the last mention's.
    const next = clauses[i + 1] ?? '';
    const label = /^(?:la\s+)?(?:scadenza|termine)$/u.test(next) ? `${next} ${clauses[i + 2] ?? ''}` : next;
    const told = DEADLINE_NEXT.test(label) && !HYPOTHETICAL.test(label) ? label : '';
    const mentions = inventedMentions(clause, titles, ids);
    for (const [k, mention] of mentions.entries()) {
      if (k === mentions.length - 1 && told !== '' && datesIn(mention.segment, today).length === 0) mention.segment = `${mention.segment}. ${told}`;
      const concrete = concreteness(mention, asserted, ctx);
      const what = mention.otherBody === undefined ? 'a bando for a profile no known one has' : 'another body\'s bando';
      if (concrete !== null) return `${what} ("${mention.profile.join(' ')}"), with ${concrete}: "${clip(clause)}"`;
    }
  }
  return null;
}

/** A publication foretold: "uscirà", "è previsto", "sarà pubblicato", "dovrebbe comparire", "is expected". */
const FORETOLD = String.raw`(?:uscira|usciranno|(?:sara|verra|saranno|verranno)\s+(?:pubblicat|bandit|indett|avviat|apert)\p{L}*|pubblichera|pubblicheranno|bandira|bandiranno|indira|(?:si\s+)?aprira|(?:e|sono)\s+(?:gia\s+)?(?:previst|programmat|calendarizzat)[oaie]|e\s+in\s+programma|dovrebbe(?:ro)?\s+(?:uscire|essere\s+pubblicat\p{L}*|comparire|arrivare|aprirsi)|in\s+arrivo|in\s+uscita|will\s+be\s+(?:published|opened|released|launched)|will\s+open|(?:is|are)\s+(?:expected|planned|scheduled))`;
/** A bando marked as one still to come ("il prossimo concorso", "a new call") as the subject, or named after the verb. */
const FORETOLD_SUBJECT = new RegExp(
  String.raw`^(?:(?:si|certo|yes|sure)\s+)?(?:(?:il|lo|la|i|gli|le|l'|un|uno|una|un'|the|a)\s*)?(?:prossim[oaie]|nuov[oaie]|next|new|upcoming)\s+(?:${POST_KINDS}|${POST_KINDS_EN})(?![\p{L}])(?<between>[^,;]{0,80}?)(?<![\p{L}])${FORETOLD}(?![\p{L}])`,
  'u',
);
const FORETOLD_OBJECT = new RegExp(String.raw`(?<![\p{L}])${FORETOLD}\s+(?:il|lo|la|i|gli|le|l'|un|uno|una|un'|the|a)\s*(?:(?:prossim[oaie]|nuov[oaie]|next|new)\s+)?(?:${POST_KINDS}|${POST_KINDS_EN})\s+(?:per|di|da|for)\s+\p{L}`, 'u');
/** Another step named between the bando and the verb: "il prossimo concorso: la prova è prevista …". */
const OTHER_STEP = /(?<![\p{L}])(?:graduatori\p{L}*|prov[ae]|esit[oi]|calendari\p{L}*|risultat\p{L}*|convocazion\p{L}*|colloqui\p{L}*|oral[ei]|scritt[oa]|domand\p{L}*|scadenz\p{L}*)(?![\p{L}])/u;
/** A concrete when: a month, a season, a year, "a giorni", "a breve", "the next weeks". */
const WHEN =
  /(?<![\p{L}])(?:gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre|primavera|estate|autunno|inverno|20\d\d|a giorni|a breve|tra pochi giorni|nei prossimi (?:giorni|mesi)|nelle prossime settimane|la prossima settimana|il mese prossimo|il prossimo mese|l'anno prossimo|il prossimo anno|entro (?:fine|l'anno)|january|february|march|april|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter|next (?:week|month|year)|in a few (?:days|weeks))(?![\p{L}])/u;
/** A habit, not a forecast ("di solito esce in primavera"), unless a year says which. */
const HABIT = /(?<![\p{L}])(?:di solito|in genere|generalmente|solitamente|di norma|tipicamente|usually|typically|normally)(?![\p{L}])/u;
const FORETOLD_RE = new RegExp(String.raw`(?<![\p{L}])${FORETOLD}(?![\p{L}])`, 'u');

/**
 * A bando still to come foretold with a when, asserted (not denied, not in a condition, not a habit): no known bando
 * is one still to come, unless the target's instructions foretell bandi themselves.
 */
export function foretoldBando(clauses: string[], prompt: string): string | null {
  if (FORETOLD_RE.test(prompt)) return null;
  for (const clause of clauses) {
    if (HYPOTHETICAL.test(clause) || !WHEN.test(clause)) continue;
    if (HABIT.test(clause) && !/(?<!\d)20\d\d(?!\d)/u.test(clause)) continue;
    const subject = FORETOLD_SUBJECT.exec(clause);
    const object = subject === null ? FORETOLD_OBJECT.exec(clause) : null;
    const hit = subject ?? object;
    if (hit === null || (subject !== null && OTHER_STEP.test(subject.groups?.['between'] ?? ''))) continue;
    if (denies(clause, hit.index + hit[0].length - 1) || /(?<![\p{L}])(?:non|not|no|nessun[oa]?)(?![\p{L}])/u.test(clause)) continue;
    return `a bando still to come foretold with a when ("${clip(hit[0], 60)}"): "${clip(clause)}"`;
  }
  return null;
}

/** A list item or a table row. */
const ITEM = /^\s*(?:[-*•]|\d+[.)])\s|^\s*\|/u;
/** A token that looks like a code: letters and digits, or digits joined by separators ("SV-2030-034", "12/2030"). */
const CODE_LIKE = /(?<![\p{L}\d])(?=[\p{L}\d]*\d)[\p{L}\d]+(?:[-/.][\p{L}\d]+)+(?![\p{L}\d])/u;

/**
 * A list of bandi (items or table rows) where one item, beside items that name known bandi, is for a profile no known
 * title has and carries a deadline ahead that is no known bando's ("- Educatore di asilo nido, 2 posti: scadenza …").
 * An item with a code is the code rule's.
 */
export function listedUnknownProfile(answer: string, typedDates: Set<string>, keys: BandoKey[], prompt: string, today?: string): string | null {
  const items = answer.split('\n').filter((l) => ITEM.test(l) && !/^[\s|:-]+$/u.test(l));
  if (items.length < 2 || keys.length === 0) return null;
  const folded = items.map((l) => fold(l));
  const titles = titleWords(keys, prompt);
  // A list of roles: some item starts with a known bando's role ("- Agente di polizia locale, 3 posti: …").
  if (!folded.some((l) => bandiNaming(l, keys).strength >= 2 && (itemRole(l) ?? []).length > 0 && profileKnown(itemRole(l) ?? [], titles))) return null;
  const knownDeadlines = knownDeadlinesOf(keys);
  for (const line of folded) {
    if (CODE_LIKE.test(line.replace(/\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}/gu, '')) || bandiNaming(line, keys).strength > 0 || HYPOTHETICAL.test(line) || denies(line, 0)) continue;
    const dates = extractFacts(line).dates;
    const ahead = dates.find((d) => today === undefined || d >= today);
    if (ahead === undefined || dates.some((d) => knownDeadlines.has(d) || typedDates.has(d))) continue;
    const role = itemRole(line);
    if (role === null || !ROLE_SHAPED.test(role[0] ?? '') || profileKnown(role, titles)) continue;
    return `a listed bando for a profile no known one has ("${role.join(' ')}"), beside known ones, with the deadline ${ahead}: "${clip(line.trim())}"`;
  }
  return null;
}

/** The role an item or a row starts with (its first cell with letters, up to a comma, a colon or a parenthesis), past its code. */
function itemRole(line: string): string[] | null {
  const cells = line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/u, '').split('|').map((c) => c.trim()).filter((c) => /\p{L}/u.test(c) && !CODE_ONLY.test(c));
  const head = (cells[0] ?? '').replace(CODE_START, '').split(/[,:;(–—]|\s-\s/u)[0] ?? '';
  return roleWords(head);
}
/** The endings of Italian role nouns ("educatore", "autista", "bibliotecario", "agente", "tecnico", "infermiere", "addetto", "custode"). */
const ROLE_SHAPED = /(?:or[ei]|ric[ei]|ist[ai]|ari[oa]|ar[ie]|ent[ei]|ic[aoie]|ier[eiae]|olog[oai]|tt[oi]|ai[oa]|in[oi]|ss[oi]|od[ei]|tr[ai]|ch[ei])$/u;
const CODE_ONLY = /^(?=\S*\d)[\p{L}\d]+(?:[-/.][\p{L}\d]+)*$/u;
const CODE_START = /^(?=\S*\d)[\p{L}\d]+(?:[-/.][\p{L}\d]+)+\s+/u;

/** The deadlines of the bandi a text names by their role or lists: what a sampled corpus is asked for. */
export function mentionedDeadlines(text: string, clauses: string[]): string[] {
  const items = text.split('\n').filter((l) => ITEM.test(l)).map((l) => fold(l));
  return [...items, ...clauses.filter((c) => MENTIONS.some((re) => c.search(re) >= 0))].flatMap((c) => (DEADLINE_WORD.test(c) ? extractFacts(c).dates : []));
}

/**
 * The profiles a text's bandi are mentioned by (by role or name, or as list items) that no title of `keys` has, and the
 * known profiles another body offers with that body's last word ("regione", "palermo"): what a sampled corpus is asked
 * for by title words, so that a real bando outside the sample, told with no date, is not called invented.
 */
export function mentionedProfiles(text: string, clauses: string[], keys: BandoKey[]): string[][] {
  const titles = titleWords(keys, '');
  const ids = keys.flatMap((k) => (k.id === undefined ? [] : [k.id]));
  const mentioned = clauses.flatMap((c) => inventedMentions(c, titles, ids)).map((m) => (m.otherBody === undefined ? m.profile : [...m.profile, m.otherBody.split(' ').at(-1) ?? '']));
  const listed = text.split('\n').filter((l) => ITEM.test(l)).flatMap((l) => {
    const role = itemRole(fold(l));
    return role === null || profileKnown(role, titles) ? [] : [role];
  });
  const seen = new Map<string, string[]>();
  for (const p of [...mentioned, ...listed]) if (p.length > 0) seen.set(p.join(' '), p);
  return [...seen.values()];
}
