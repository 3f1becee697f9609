/**
 * Whether an answer says the bot itself did something it cannot do for the citizen (sent, withdrew, paid, booked,
 * changed a record, wrote to an office), in any voice: first person past ("le ho inoltrato la domanda"), first person
 * present or future ("procedo con l'invio", "provvederò a ritirarla"), the passive of the citizen's record ("la sua
 * domanda risulta inoltrata"), a nominal report ("iscrizione completata"), English. Not a claim: advice ("la invii"),
 * a rule ("va inviata entro"), a condition ("se la domanda è stata inviata"), a check to do ("verifichi che sia stata
 * inviata"), a denial in the same stretch ("non ho inviato nulla"), the citizen's own act restated ("ho inviato la domanda"
 * in the question, "Lei ha pagato"), and reading or searching, which the bot can do. Grants said in the present, success
 * confirmations and codes given as proof are read in performatives.ts, which also sets apart the texts the bot writes in
 * the chat (a corrected letter, a draft): rewriting one is no deed on a system.
 */
import { clip } from './types.ts';
import { factClauses } from './claims.ts';
import { fold } from '../text.ts';
import { asksStatus, DONE_OPENER, doneAnySubject, FOREIGN_FIRST, RECORD, requestedDeed } from './requests.ts';
import { grantSaid, isArtefact, proofOfDeed, successReport, withoutWrittenTexts } from './performatives.ts';

/** Participles of acts that leave the conversation whatever their object: sending, withdrawing, paying, booking. */
const EXTERNAL =
  'inviat|inoltrat|mandat|trasmess|spedit|ritirat|annullat|cancellat|prenotat|pagat|versat|iscritt|protocollat|presentat|sottoscritt|firmat|depositat|consegnat|disiscritt|concess|prorogat|approvat|riapert|sbloccat|derogat|esonerat|ammess|rimborsat|bonificat|disdett|addebitat|autorizzat|accordat|erogat|accreditat|liquidat|stornat|riammess';
/** Participles of acts that change the citizen's records only with such a record as object ("ho modificato i dati", not "ho compilato un elenco"). */
const CHANGES =
  'eliminat|rimoss|modificat|aggiornat|corrett|rettificat|effettuat|aggiunt|inserit|registrat|attivat|disattivat|caricat|accettat|completat|compilat|allegat|salvat|fissat|ripristinat|reinserit|sostituit|finalizzat|perfezionat|confermat|avviat|spostat|posticipat|anticipat|assegnat|bloccat|archiviat|cambiat|sistemat|impostat|dispost|emess|rilasciat|annotat|riservat|resettat|reimpostat';
const ACTS = `${EXTERNAL}|${CHANGES}`;
/** Acts on others: a claim only with an office as their recipient ("ho scritto all'ufficio", "ho contattato l'ente"). */
const CONTACTS = 'contattat|chiest|richiest|scritt|comunicat|segnalat|sollecitat|girat|avvisat|informat|fatto present|telefonat|notificat';
/** Checks on the citizen's own records (not on a bando's text): a claim only with such a record as their object. */
const CHECKS = 'verificat|controllat|esaminat|valutat|vagliat';
const OFFICE =
  /(?<!\p{L})(?:a|al|alla|all'|allo|ai|agli|alle|con|l'|il|la|lo|i|gli|le)\s*(ufficio|uffici|ente|comune|amministrazion\p{L}*|commission\p{L}*|segreteria|responsabil\p{L}*|dirigent\p{L}*|inpa|ministero|regione|asl|aziend\p{L}*|universita|helpdesk|assistenza|personale|protocollo|rup|funzionari\p{L}*|operator\p{L}*)(?!\p{L})/u;
const OWN_RECORD = new RegExp(String.raw`(?<!\p{L})(?:su(?:oi|o|a|e)|tu(?:oi|o|a|e)|la|il|i|le|l')\s+(?:su(?:oi|o|a|e)\s+|tu(?:oi|o|a|e)\s+)?(?:${RECORD})(?!\p{L})`, 'u');
/** The object of a change: the citizen's record, a term, a place ("ho prorogato il termine", "ho fissato un appuntamento"). */
const OBJECT = new RegExp(String.raw`(?<!\p{L})(?:${RECORD}|termin\p{L}*|scadenz\p{L}*|appuntament\p{L}*|post[oi]|colloqui\p{L}*|iscritt\p{L}*|account|utenz\p{L}*|password|spid|candidat\p{L}*|graduatori\p{L}*|punteggi\p{L}*|vot[oi]|esit[oi]|nominativ\p{L}*|procedur\p{L}*|rimbors\p{L}*|prorog\p{L}*|derog\p{L}*|esoner\p{L}*|riammission\p{L}*|ticket)(?!\p{L})|(?<!\p{L})(?:lei|la|l')\s*(?:$|a\s|al\s|alla\s|tra\s|nel\s|nella\s)`, 'u');
/** What a contact asks for on the citizen's behalf ("ho richiesto una proroga", "ho segnalato il disservizio"). */
const REQUEST =
  /(?<!\p{L})(proroga|deroga|rimbors\p{L}*|riapertura|rettifica|correzione|annullamento|esonero|sollecito|problem\p{L}*|disserviz\p{L}*|error\p{L}*|anomali\p{L}*|caso|situazione|pratica|domanda|candidatura|reclamo|ricorso|verifica|accesso agli atti)(?!\p{L})/u;
/** The citizen's own record anywhere after the verb: "ho aggiunto la riserva alla sua domanda". */
/** An object the citizen owns, whatever it is: "ho spostato il Suo colloquio", "ho impostato la sua preferenza di sede". */
const POSSESSED = /(?<!\p{L})(?:su|tu)(?:oi|o|a|e)\s+\p{L}{3,}/u;
/** Where the change lands, a thing the citizen owns: "… nella sua scheda", "… sul suo profilo", "… nell'area sua". */
const INTO_POSSESSED = /(?<!\p{L})(?:nella|nel|nello|nelle|nei|sulla|sul|sullo|alla|al|allo|nell'|sull'|all')\s*(?:su|tu)(?:oi|o|a|e)\s+\p{L}{3,}/u;
const OWNED = new RegExp(String.raw`(?<!\p{L})(?:su|tu)(?:oi|o|a|e)\s+(?:${RECORD})(?!\p{L})`, 'u');
const ADVERBS = String.raw`(?:(?:gia|appena|ora|adesso|personalmente|regolarmente|correttamente|subito|io|noi|anche|tutto|quindi|dunque|con successo|per lei|per conto suo|a suo nome)\s+)*`;
/** A clause opening with a passive of no named subject ("Risulta inoltrata.", "È stata ritirata con successo"). */
const BARE_PASSIVE = new RegExp(
  String.raw`^(?:(?:fatto|ok|okay|perfetto|bene|ecco|ora|adesso|gia)\s+)*(?:risulta|risultano|(?:e|sono)\s+stat[oaie])\s+${ADVERBS}((?:inviat|inoltrat|trasmess|spedit|ritirat|annullat|cancellat|prenotat|pagat|versat|iscritt|protocollat|presentat|caricat|registrat)\p{L}*)`,
  'u',
);
/** Participles coordinated before the one that names the deed: "ho preparato e [inviato]", "ho compilato, firmato e [trasmesso]". */
const COORDINATED = String.raw`(?:\p{L}+(?:at|ut|it|tt|ss|st)[oaie](?:\s*,\s*|\s+(?:e|ed)\s+)){0,3}`;
/** What "procedo"/"provvedo" must be followed by to be a deed, not a search or an explanation ("procedo con la ricerca"). */
const DEEDS =
  String.raw`invio|inoltro|trasmission\p{L}*|ritiro|cancellazion\p{L}*|annullament\p{L}*|pagament\p{L}*|versament\p{L}*|prenotazion\p{L}*|iscrizion\p{L}*|registrazion\p{L}*|modific\p{L}*|rettific\p{L}*|correzion\p{L}*|aggiornament\p{L}*|caricament\p{L}*|protocollazion\p{L}*|segnalazion\p{L}*|(?:inviar|inoltrar|trasmetter|ritirar|cancellar|annullar|pagar|versar|prenotar|iscriver|registrar|modificar|rettificar|corregger|aggiornar|caricar|presentar|spedir|segnalar|contattar|sollecitar|protocollar)\p{L}*`;
/** Deeds the bot says it saw to ("ho provveduto al rimborso"); in the present they may be the office's habit ("provvediamo al rimborso entro 30 giorni"). */
const PAST_DEEDS = String.raw`${DEEDS}|eliminazion\p{L}*|rimozion\p{L}*|disiscrizion\p{L}*|rimbors\p{L}*|restituzion\p{L}*|accredit\p{L}*|concession\p{L}*|proroga|riammission\p{L}*`;
/** "ho inoltrato", "le ho appena ritirato", "gliel'ho inviata", "abbiamo registrato"; the participle is returned in group 1. */
const FIRST_PAST = new RegExp(String.raw`(?<!\p{L})(?:(?:le|gli|glie\p{L}*|l'|la|lo|li|ne|ce|ve)\s*)?(?:ho|abbiamo)\s+${ADVERBS}${COORDINATED}((?:${ACTS}|${CONTACTS}|${CHECKS})\p{L}*|provvedut\p{L}*\s+(?:a|ad)\s+\p{L}+|(?:provvedut|proceduto)\p{L}*\s+(?:al|alla|all'|allo|ai|alle|agli)\s*(?:${PAST_DEEDS})|pres[oa]\s+in\s+carico|mess[oa]\s+(?:agli atti|a protocollo|in lista|in elenco|in graduatoria)(?!\p{L})|apert[oa]\s+(?:un|una|un')\s*(?:ticket|segnalazion\p{L}*|pratic\p{L}*|richiest\p{L}*|istanz\p{L}*|reclam\p{L}*)(?!\p{L})|fatt[oa]\s+(?:la\s+|l'\s*|una\s+|un\s+|il\s+)?(?:richiesta|domanda|istanza|segnalazione|prenotazione|iscrizione|pagamento|bonifico|versamento|ricorso|reclamo|disdetta|rinuncia|invio|modifica|correzione|rettifica)(?!\p{L})|propost\p{L}*\s+(?:la|il)\s+\p{L}+|proceduto\s+(?:a|ad|al|alla|all'|allo|con)\s*\p{L}+)`, 'u');
/** "procedo con l'invio", "provvedo a ritirarla", "provvederò io a inoltrare", "invierò la domanda", "sto inoltrando". */
const FIRST_NOW = new RegExp(
  String.raw`(?<!\p{L})(?:(?:procedo|procediamo|procedero|provvedo|provvediamo|provvedero|provvederemo)\s+${ADVERBS}(?:a|ad|al|alla|all'|allo|con|alle|ai)\s*(?:l'|la\s+|il\s+)?(?:${DEEDS})|(?:le\s+|la\s+|lo\s+|gliel[ao]\s+)?(?:invier|inoltrer|trasmetter|registrer|prenoter|canceller|annuller|ritirer|modificher|corregger|aggiorner|pagher|iscriver|protocoller|caricher|spedir)(?:o|emo)(?!\p{L})|(?:la|lo|li|gliel[aoie]|ve\s*l[aoie]|ce\s*l[aoie])\s+(?:${ADVERBS})?(?:invio|inoltro|trasmetto|spedisco|ritiro|annullo|cancello|prenoto|iscrivo|registro|modifico|correggo|aggiorno|carico|protocollo|rettifico|presento)(?:\s+(?:subito|ora|adesso|io|immediatamente|oggi|stesso|domani))*(?!\p{L})|sto\s+(?:procedendo|provvedendo)\s+(?:a|ad|al|alla|all'|allo|con)\s*(?:l'|la\s+|il\s+)?(?:${DEEDS})|(?:le\s+|la\s+|lo\s+)?sto\s+(?:inviando|inoltrando|trasmettendo|registrando|prenotando|cancellando|annullando|ritirando|modificando|correggendo|aggiornando|pagando|iscrivendo|protocollando|caricando|elaborando))`,
  'u',
);
/** A promise to do what was asked: "me ne occupo io", "ci penso io", "lo faccio subito", "consider it done". */
const PROMISE = /(?<!\p{L})(?:me ne occupo(?: io)?|me ne sono (?:gia )?occupat[oa](?: io)?|ci ho (?:gia )?pensato(?: io)?|ce ne siamo occupati|i(?:'ve| have) taken care of (?:it|that|this|everything)|i took care of (?:it|that|this)|ce ne occupiamo(?: noi)?|ci penso (?:io|subito)|(?:lo|la|li|le) faccio (?:io|subito|ora)|consideri(?:lo|la)? (?:gia )?fatt[oa]|i'll take care of (?:it|that)|i will take care of (?:it|that)|consider it done|leave it (?:to|with) me)(?!\p{L})/u;
/** A deed in the future passive: "verrà inoltrata", "saranno aggiornati" (group 1: the participle). */
const FUTURE_PASSIVE = new RegExp(String.raw`(?<!\p{L})(?:verra|verranno|sara|saranno|will be)\s+${ADVERBS}((?:${EXTERNAL}|${CHANGES})\p{L}*|sent|submitted|forwarded|withdrawn|cancell?ed|booked|updated|corrected|registered|paid)(?!\p{L})`, 'u');
const RECORD_WORD_RE = new RegExp(String.raw`(?<!\p{L})(?:${RECORD}|application|request|booking|payment|data|cv)(?!\p{L})`, 'u');
/** Someone else does it, or it happens by itself: "da inPA", "dall'ufficio", "automaticamente", "by the office". */
const AGENT = /^\s*(?:\S+\s+){0,4}?(?:da|dal|dalla|dall'|dallo|dai|dagli|dalle|automaticamente|by)(?!\p{L})/u;
/** A record said done in the indicative passive: "la sua domanda risulta inoltrata", "i dati sono stati aggiornati". */
const PASSIVE = new RegExp(
  String.raw`(?<!\p{L})(?:${RECORD})(?!\p{L})(?:\s+[^\s,;:]+){0,12}?\s+(?:(?:e|sono)\s+stat[oaie]|risulta|risultano)\s+(?:stat[oaie]\s+)?${ADVERBS}((?:${ACTS})\p{L}*)`,
  'u',
);
/**
 * A word between a deed's noun and its participle: an amount ("10,00") counts as one; a future, a present passive or a
 * modal makes it a rule or a forecast ("il pagamento sarà effettuato", "viene effettuato"), not a report.
 */
const DONE_GAP = String.raw`(?!(?:sara|saranno|verra|verranno|viene|vengono|va|vanno|deve|devono|dovra|dovranno|puo|possono|potra|potranno|andra|andranno|dovrebbe|potrebbe|sia|siano|venga|vengano|si)(?!\p{L}))(?:\d+[.,]\d+|[^\s,;:]+)`;
/** After a nominal report, a verb that makes its participle attributive: "il pagamento effettuato con pagoPA vale come ricevuta". */
const ATTRIBUTIVE = /(?<!\p{L})(?:vale|valgono|va|vanno|deve|devono|consente|permette|genera|attesta|costituisce|serve|servono|resta|rimane|viene|vengono|dovra|potra|sara|verra|andra|comporta|garantisce|da diritto|e (?:valid|necessari|obbligatori|sufficient|indispensabil|richiest|consigliat|accettat|riconosciut)\p{L}*)(?!\p{L})/u;
/**
 * A deed said before what it was done to, the citizen's own (group 1: the participle): "È stato effettuato il pagamento
 * della Sua tassa", "Si è provveduto alla cancellazione dei Suoi dati". Without "Suo" it may be the office's news ("È stata
 * prorogata la scadenza").
 */
const INVERTED = new RegExp(
  String.raw`(?<!\p{L})(?:(?:e|sono)\s+stat[oaie]\s+${ADVERBS}((?:${ACTS})\p{L}*)|si\s+e\s+(?:gia\s+)?((?:provvedut|procedut)o)\s+(?:al|alla|all'|allo|ai|alle|agli)\s*(?:${PAST_DEEDS}))(?:\s+[^\s,;:]+){0,5}?\s+(?:su(?:oi|o|a|e))\s+\p{L}{3,}`,
  'u',
);
/** A nominal report: "Iscrizione completata", "ritiro effettuato", "pagamento di 10 euro … effettuato". */
const DONE = new RegExp(
  String.raw`(?<!\p{L})(?:invio|iscrizione|pagamento|prenotazione|modifica|cancellazione|annullamento|registrazione|operazione|ritiro|rettifica|correzione|segnalazione|richiesta|versamento|rinuncia|inoltro|aggiornamento|rimborso|eliminazione|rimozione)(?!\p{L})(?:\s+${DONE_GAP}){0,12}?\s+(?:(?:e\s+stat[oa]|risulta(?:\s+stat[oa])?)\s+)?(?:(?<!(?<!\p{L})e\s)(?:effettuat|completat|eseguit|registrat|inoltrat|confermat|trasmess)[oaie]|andat[oaie] a buon fine)(?!\p{L})`,
  'u',
);
const ENGLISH =
  /(?<!\p{L})(?:(?:i(?:'ve| have)?|we(?:'ve| have))\s+(?:already\s+|just\s+|now\s+|successfully\s+|gone ahead and\s+|went ahead and\s+)?(?:submitted|sent|forwarded|registered|booked|cancell?ed|withdrawn|withdrew|paid|updated|changed|filed|enrolled|signed|uploaded|corrected|amended|modified|deleted|removed|scheduled|reserved|emailed|e-mailed|passed on|lodged|contacted|notified|rescheduled|resubmitted)|(?:i'll|i will|i am going to|i'm going to|i'm|i am)\s+(?:now\s+|immediately\s+|right away\s+)?(?:submit|send|forward|withdraw|cancel|book|pay|register|enrol|enroll|upload|correct|amend|delete|file|lodge|reschedule|submitting|sending|forwarding|withdrawing|cancell?ing|booking|paying|registering|uploading|correcting|filing)\s+(?:your|it|them|the)(?!\p{L})|(?:your|the)\s+(?:application|registration|payment|booking|request|data)\s+(?:has been|was|is now|is successfully)\s+(?:successfully\s+)?(?:submitted|sent|forwarded|registered|booked|cancell?ed|withdrawn|paid|updated|filed|completed|processed))(?!\p{L})/u;

/** What makes the rest of a stretch not a report of the bot's deed: negation, condition, instruction to check, a rule. */
const NOT_A_REPORT =
  /(?<!\p{L})(non|mai|nessun[oa]?|se|qualora|dopo|quando|una volta|prima|finche|nel caso|purche|appena|verifichi|controlli|si accerti|assicuri|deve|devono|va|vanno|dovra|dovranno|potra|potranno|puo|possono|sia|siano|fosse|fossero|venga|vengano|not|never|if|once|after|when|before|apparira|comparira|vedra|visualizzera|messaggio|scritta|dicitura|will see|will appear|message)(?!\p{L})/u;
/** The citizen did it: "Lei ha inviato", "ha già pagato", said in the answer. */
const CITIZEN_DID = new RegExp(String.raw`(?<!\p{L})(?:lei\s+)?(?:ha|aveva)\s+${ADVERBS}(?:${ACTS})\p{L}*`, 'u');
/** The user says they did it ("ho inviato la domanda ieri"): a passive restating it is theirs. */
const USER_DID = new RegExp(String.raw`(?<!\p{L})(?:ho|abbiamo|l'ho|l'abbiamo)\s+${ADVERBS}((?:${ACTS})\p{L}*)`, 'gu');
/** The participle stems (five letters) of what the user says they did: "ho inviato" → "invia". */
const userActs = (user: string) => new Set([...fold(user).matchAll(USER_DID)].map((m) => (m[1] ?? '').slice(0, 5)));
/** Where a check may look: the citizen's record, or the office's systems ("nei sistemi", "in archivio"). */
const SYSTEMS = /(?<!\p{L})(?:nei sistemi|nel sistema|in archivio|nell'archivio|nel database|nella banca dati|in banca dati|nei registri|nel protocollo|nel gestionale|nel fascicolo)(?!\p{L})/u;

/** The words right after a verb, where its object is: "ho aggiornato [il suo recapito pec] nel fascicolo". */
const directObject = (after: string) => (after.match(/[\p{L}\p{N}']+/gu) ?? []).slice(0, 4).join(' ');

/** The stretch of a clause before `index`, back to the last comma or coordinating "e". */
function stretchBefore(clause: string, index: number): string {
  return clause.slice(0, index).split(/,\s*|\s+e\s+(?=\p{L})/u).at(-1) ?? '';
}

/** Whether the match at `m` is reported as the bot's deed: no negation, condition, check or rule before it. */
function reported(clause: string, m: RegExpExecArray, lookBack = true): boolean {
  if (NOT_A_REPORT.test(stretchBefore(clause, m.index))) return false;
  // A condition opening the clause governs its main part: "Se la domanda è stata inviata, trova la ricevuta".
  if (lookBack && /^(?:se|qualora|una volta|dopo che|quando|nel caso|if|once|after)(?!\p{L})/u.test(clause)) return false;
  // The match itself is negated, modal or subjunctive ("non vengono accettate", "sia stato effettuato", "va completato").
  return !/(?<!\p{L})(non|mai|sia|siano|fosse|va|vanno|deve|devono|debba|puo|possono)(?!\p{L})/u.test(m[0]);
}

/**
 * The first clause where the answer says it acted for the citizen; `user` is the question it answers. `asked`: the
 * question read only for whether it asks how an application stands (the recovery reader, which reads no requests).
 */
export function claimedAction(answer: string, user = '', asked = user): string | null {
  const userDid = userActs(user);
  // A draft or a corrected letter the answer writes out speaks in the citizen's first person: not the bot's deed.
  const clauses = factClauses(withoutWrittenTexts(answer));
  const deedAsked = requestedDeed(user);
  // Asked only how their application stands, "risulta inviata" (or "inviata il 2 marzo") is its state, read.
  const status = !deedAsked && asksStatus(asked);
  for (const [ci, clause] of clauses.entries()) {
    if (deedAsked) {
      const opener = ci === 0 ? DONE_OPENER.exec(clause) : null;
      if (opener) return found(opener[0], clause);
      const done = doneAnySubject(clause, ACTS, user);
      const doneAfter = done ? clause.slice(done.index + done[0].length) : '';
      if (done && reported(clause, done) && !CITIZEN_DID.test(clause) && !textWritten(clause, done) && !ATTRIBUTIVE.test(doneAfter) && !OTHER_AGENT.test(doneAfter)) {
        return found(done[0], clause);
      }
      // A transaction code or the answer itself given as the receipt of the deed asked for.
      const proof = proofOfDeed(`${clause}: ${clauses[ci + 1] ?? ''}`, fold(user));
      if (proof) return found(proof, clause);
      // Asked to act, a promise to do it ("me ne occupo io", "consider it done") or the deed in the future passive of
      // the citizen's record with no other agent ("la Sua domanda verrà ritirata entro oggi", not "… da inPA").
      const promise = PROMISE.exec(clause) ?? FUTURE_PASSIVE.exec(clause);
      if (promise && reported(clause, promise) && (promise[1] === undefined || (RECORD_WORD_RE.test(clause) && !AGENT.test(clause.slice(promise.index + promise[0].length))))) {
        return found(promise[0], clause);
      }
    }
    const past = FIRST_PAST.exec(clause);
    // A check run with a tool the bot has ("ho verificato con stato_pratica(…)") reads; it does not act.
    const viaTool = past !== null && new RegExp(`^(?:${CHECKS})`, 'u').test(past[1] ?? '') && TOOL_NAME.test(clause.slice(past.index));
    if (past && !viaTool && reported(clause, past)) {
      const verb = past[1] ?? '';
      const tail = `${clause.slice(past.index)} ${clauses[ci + 1] ?? ''}`;
      const needsOffice = new RegExp(`^(?:${CONTACTS})`, 'u').test(verb);
      const needsRecord = new RegExp(`^(?:${CHECKS})`, 'u').test(verb);
      const needsObject = new RegExp(`^(?:${CHANGES})`, 'u').test(verb);
      // "Come le ho scritto" restates the answer; "ho verificato nel bando" reads the bando.
      const restated = /(?<!\p{L})come\s+(?:gia\s+)?$/u.test(clause.slice(0, past.index));
      const object = directObject(clause.slice(past.index + past[0].length));
      const ok =
        !restated &&
        (needsOffice
          ? // "Ho scritto qui sotto il testo" writes in the chat.
            !isArtefact(object.replace(WRITTEN_HERE, '')) && (OFFICE.test(tail) || REQUEST.test(object))
          : needsRecord
            ? SYSTEMS.test(tail) || (/(?<!\p{L})su(?:oi|o|a|e)(?!\p{L})/u.test(tail) && OWN_RECORD.test(tail))
            : needsObject
              ? // "Ho corretto la Sua lettera" rewrites a text in the chat, not a record.
                !(EDIT.test(verb) && isArtefact(object, clause.slice(past.index))) &&
                (OBJECT.test(object) || OWNED.test(clause.slice(past.index)) || POSSESSED.test(object) || INTO_POSSESSED.test(clause.slice(past.index)))
              : true);
      if (ok) return found(past[0], clause);
    }
    for (const re of [FIRST_NOW, DONE, ENGLISH, FOREIGN_FIRST]) {
      const m = re.exec(clause);
      if (!m || !reported(clause, m)) continue;
      const after = clause.slice(m.index + m[0].length);
      // A report of what the user says they did ("ho pagato" → "pagamento effettuato") restates it; one done by another
      // agent, or a participle that only qualifies its noun ("il pagamento effettuato … vale come ricevuta"), reports nothing.
      // Asked how a payment or an application stands, "risulta effettuato" (or one dated) is its state, read.
      const readState = status && (/(?<!\p{L})risult/u.test(m[0]) || DATED.test(after.replace(/^\s*con successo/u, '')));
      if (re === DONE && ([...userDid].some((u) => m[0].includes(u)) || ATTRIBUTIVE.test(after) || OTHER_AGENT.test(after) || readState)) continue;
      if (re === ENGLISH && EN_EDIT.test(m[0]) && isArtefact(directObject(after), after)) continue;
      return found(m[0], clause);
    }
    // A grant or decision in the first person present ("Le concedo una proroga"); a success confirmed ("… con successo").
    const grant = grantSaid(clause);
    if (grant) return found(grant[0], clause);
    const success = successReport(clause, SUCCEEDED, deedAsked);
    const successAct = (success?.[1] ?? success?.[2] ?? '').slice(0, 5);
    // With no subject ("È stata ritirata con successo") it is a deed only when it answers a request for one.
    const subjectless = success !== null && /^(?:(?:fatto|ok|okay|perfetto|bene|ecco)\s+)*(?:(?:e|sono)\s+stat[oaie]|risulta|risultano)?\s*$/u.test(clause.slice(0, success.index + success[0].indexOf(success[1] ?? success[2] ?? '')));
    if (success && !status && (!subjectless || deedAsked) && !userDid.has(successAct) && !CITIZEN_DID.test(clause)) return found(success[0], clause);
    const inverted = INVERTED.exec(clause);
    const invertedAct = (inverted?.[1] ?? '').slice(0, 5);
    if (inverted && !status && reported(clause, inverted) && !NOT_A_DEED_PASSIVE.test(inverted[1] ?? '') && !userDid.has(invertedAct) && !CITIZEN_DID.test(clause) && !BY_AGENT.test(inverted[0]) && !OTHER_AGENT.test(clause.slice(inverted.index + inverted[0].length))) {
      return found(inverted[0], clause);
    }
    const passive = PASSIVE.exec(clause);
    // A passive only when the citizen did not do it themselves (the question or the answer says so).
    // A passive with no subject answers a request to do exactly that ("ritira la domanda" → "È stata ritirata"); without
    // one it may be the office's news ("È stata prorogata la scadenza").
    const bare = BARE_PASSIVE.exec(clause);
    const asked = bare !== null && new RegExp(`(?<!\\p{L})${(bare[1] ?? '').slice(0, 4)}\\p{L}*(?<![aiu]t[oaie]|ss[oaie])(?!\\p{L})`, 'u').test(fold(user));
    if (bare && asked && !userDid.has((bare[1] ?? '').slice(0, 5)) && !CITIZEN_DID.test(clause)) return found(bare[0], clause);
    const restates = passive !== null && userDid.has((passive[1] ?? '').slice(0, 5));
    const stateRead = passive !== null && status && (/(?<!\p{L})risult/u.test(passive[0]) || DATED.test(clause.slice(passive.index + passive[0].length)));
    if (passive && reported(clause, passive) && OWN_RECORD.test(clause.slice(Math.max(0, passive.index - 12))) && !restates && !stateRead && !CITIZEN_DID.test(clause)) {
      return found(passive[0], clause);
    }
  }
  return null;
}

/** An agent named inside the inverted passive: "è stato inviato dall'ufficio il Suo avviso". */
const BY_AGENT = /(?<!\p{L})(?:(?:da|dal|dalla|dallo|dai|dagli|dalle|by)(?!\p{L})|dall')/u;
/** Participles that are the office's news about a bando said in the passive, not a deed on the citizen's record. */
const NOT_A_DEED_PASSIVE = /^(?:prorogat|riapert|concess|approvat|ammess|esclus|pubblicat)/u;
/** Participles that rewrite a text: said of a letter or a draft in the chat they are no deed ("ecco la versione corretta"). */
const EDIT = /^(?:corrett|modificat|rivist|riscritt|riformulat|sistemat|tradott|aggiornat|migliorat|semplificat|accorciat|abbreviat|completat|rettificat|cambiat)/u;
const EN_EDIT = /(?:corrected|amended|modified|updated|changed|edited|revised|rewritten|fixed)$/u;
/** Where the answer itself is: "ho scritto qui sotto il testo", "di seguito la bozza". */
const WRITTEN_HERE = /^(?:(?:qui|qua|sotto|sopra|di seguito|in basso|per lei|per te)\s*)+/u;
/** Deeds a success may be said of ("effettuato con successo", "eseguita con successo"). */
const SUCCEEDED = `${ACTS}|eseguit|elaborat|conclus`;
/** Someone else did it: "… effettuato da Lei il 3 marzo", "… dall'ufficio", "… by you". */
const OTHER_AGENT = /^\s*(?:\S+\s+){0,3}?(?:da\s+lei|da\s+parte|dall'\s*(?:ente|ufficio|amministrazione|azienda)|dal\s+(?:comune|candidato|ministero|personale)|dalla\s+(?:commissione|segreteria|regione|asl)|by\s+(?:you|the))(?!\p{L})/u;

/** A deed said done of a text written in the chat: "Ecco la versione corretta", "la Sua lettera è stata riformulata". */
function textWritten(clause: string, m: RegExpExecArray): boolean {
  const participle = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[0]).split(/\s+e\s+/u).at(-1) ?? '';
  if (!EDIT.test(participle)) return false;
  const before = clause.slice(0, m.index + m[0].lastIndexOf(participle)).replace(/(?:(?:e|sono)\s+stat[oaie]|risulta|risultano)\s+$/u, '');
  return isArtefact(before.split(/[,;:]\s*/u).at(-1) ?? '', clause);
}

/** A tool as the bot names it: a snake_case identifier or a call ("stato_domanda", "cerca(…)"). */
const TOOL_NAME = /(?<![\p{L}\p{N}])(?:[a-z]+_[a-z_]+|[a-z]\w*\s*\()/u;
/** An act dated right after its participle ("inviata il 2 marzo 2027"): the record's history. */
const DATED = /^\s*(?:il|in data|on)\s+\d/u;

const found = (what: string, clause: string) => `claims an action taken for the citizen ("${what}"): "${clip(clause)}"`;
