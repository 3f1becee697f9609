/**
 * What the citizen asked the bot to do, and an answer reporting a deed as done in any shape. An information
 * assistant cannot send, book, upload or change anything: when the question asks it to ("inoltra la mia domanda",
 * "mi prenoti un appuntamento?", "please send my CV") an answer that reports such a deed as done, whoever its
 * grammatical subject ("l'appuntamento è confermato", "documento ricevuto e allegato", "your CV has been sent"),
 * claims it. When the question only asks how things stand ("a che punto è la mia domanda?"), "risulta inviata"
 * reports the state of an act the citizen did.
 */
import { fold } from '../text.ts';

/** The citizen's records and requests, as nouns: what a deed is done to. */
export const RECORD = String.raw`recapit\p{L}*|telefon\p{L}*|cellular\p{L}*|residenz\p{L}*|domicili\p{L}*|anagrafic\p{L}*|istanz\p{L}*|modul\p{L}*|notific\p{L}*|avvis[oi]|appuntament\p{L}*|abbonament\p{L}*|domand\p{L}*|candidatur\p{L}*|iscrizion\p{L}*|pratic\p{L}*|rinunc\p{L}*|richiest\p{L}*|rettific\p{L}*|modific\p{L}*|pagament\p{L}*|versament\p{L}*|prenotazion\p{L}*|dati|document\p{L}*|allegat\p{L}*|curriculum|cv|ricors\p{L}*|reclam\p{L}*|segnalazion\p{L}*|ritiro|cancellazion\p{L}*|annullament\p{L}*|posizion\p{L}*|indirizz\p{L}*|pec|email|e-mail|profilo|fascicol\p{L}*|ricevut\p{L}*|contribut\p{L}*|tass\p{L}*|quot\p{L}*`;

const RECORD_WORD = new RegExp(String.raw`(?<!\p{L})(?:${RECORD})(?!\p{L})`, 'u');

/** Stems of deeds on the citizen's behalf (Italian verbs, then English ones as whole words). */
const DEED_STEM =
  /^(?:invi|inoltr|mand|sped|trasmett|ritir|annull|cancell|prenot|pag|vers|iscriv|protocoll|present|firm|deposit|consegn|modific|aggiorn|corregg|rettific|elimin|rimuov|aggiung|inser|registr|attiv|disattiv|caric|alleg|salv|fiss|sostitu|complet|compil|confer|segnal|contatt|sollecit|scriv|prorog|spost|disdic|cambi|corrett|rettific)/u;
/**
 * What may follow a stem in a request: an imperative or present ("inoltra", "invii", "mi iscrivi", "spedisci"), an
 * infinitive ("inviare"), with pronouns attached ("correggilo", "iscrivimi", "mandagliela"). Not a participle of the
 * citizen's own past act ("ho inviato"), not a noun ("invio", "iscrizione").
 */
const REQUEST_ENDING = /^(?:isc)?(?:h?[aie]|ate|ete|ite|ar[e]?|er[e]?|ir[e]?|erai|erete)(?:m[ie]|t[ie]|c[ie]|v[ie]|l[oaie]|gli|glie\p{L}*|ne)?(?:l[oaie]|ne)?$/u;
const EN_DEED =
  /(?<!\p{L})(?:send|submit|forward|withdraw|cancel|book|pay|register|enrol|enroll|update|change|correct|upload|attach|file|sign|subscribe|schedule|delete|remove|email|contact|write|fix|move|envoyez|envoie|envoyer|soumettez|annulez|inscrivez|reservez|modifiez|retirez|transmettez|deposez|schicken sie|senden sie|reichen sie|stornieren sie|buchen sie|melden sie|andern sie|ubermitteln sie|schick|envie|envia|enviar|cancele|cancelar|reserve|reservar|inscribame|inscribir|modifique|modificar|retire|retirar|mande)(?!\p{L})/u;
/** The citizen asking what they may do ("posso inviare?", "come si carica?"), not asking the bot. */
const OWN_DOING = /(?<!\p{L})(?:posso|possiamo|devo|dobbiamo|si|come|dove|quando|entro|can i|should i|how do i|where do i)\s+(?:\p{L}+\s+)?$/u;

/**
 * An article, a preposition with one or a determiner right before a word: "una proroga", "della firma", "sua modifica". Not
 * "la", "lo", "le", "gli": they are also pronouns ("me lo correggi?").
 */
const NOUN_BEFORE = /(?<!\p{L})(?:il|un|una|uno|un'|del|dello|della|dell'|dei|degli|delle|al|alla|all'|ai|alle|nel|nella|sul|sulla|questa|quella|mia|sua|tua|nessuna|qualche|ogni)\s*$/u;

/** Whether the question asks the bot itself to do a deed for the citizen. */
export function requestedDeed(user: string): boolean {
  const q = fold(user);
  for (const m of q.matchAll(/\p{L}+/gu)) {
    const word = m[0];
    const stem = DEED_STEM.exec(word)?.[0];
    if (stem === undefined || !REQUEST_ENDING.test(word.slice(stem.length))) continue;
    // After an article or a determiner the word is a noun ("una proroga", "la modifica", "della firma"), not a request.
    if (NOUN_BEFORE.test(q.slice(Math.max(0, (m.index ?? 0) - 12), m.index))) continue;
    if (!OWN_DOING.test(q.slice(Math.max(0, (m.index ?? 0) - 24), m.index))) return true;
  }
  const en = EN_DEED.exec(q);
  return en !== null && !OWN_DOING.test(q.slice(Math.max(0, en.index - 24), en.index));
}

/** A question about how the citizen's own application stands ("a che punto è", "risulta?", a protocol number). */
export function asksStatus(user: string): boolean {
  return /(?<!\p{L})(?:stato|a che punto|risulta|risultano|status|protocollo|arrivata|ricevuta|received|where is)(?!\p{L})/u.test(fold(user));
}

/** A past participle, regular ("inviata", "ricevuto") or in -tto/-sso/-sto ("iscritto", "trasmessa", "posto"). */
const PARTICIPLE = String.raw`\p{L}{2,}(?:at|it|ut)[oaie]|\p{L}{1,}(?:tt|ss|st)[oaie]`;
/**
 * A deed reported as done, whatever its subject, when the question asked for one (group 1: the participles): a passive
 * ("è stato aggiornato", "è stata duplicata e inviata"), a state ("è confermato", "risulta ora completa") and the English passive ("your CV has been sent").
 */
const DONE_ANY_SUBJECT = [
  new RegExp(String.raw`(?<!\p{L})(?:e|sono)\s+stat[oaie]\s+(?:(?:gia|ora|appena|correttamente|regolarmente|anche|subito)\s+)*((?:${PARTICIPLE})(?:\s+e\s+(?:${PARTICIPLE}))?)(?!\p{L})`, 'u'),
  // "è" folds to "e" (and): only after a record ("l'appuntamento è confermato"), not "inviata e completa".
  new RegExp(String.raw`(?:(?<!\p{L})(?:${RECORD})\s+(?:e|sono)|(?<!\p{L})(?:risulta|risultano))\s+(?:ora\s+|adesso\s+|gia\s+|quindi\s+)*(confermat[oaie]|fissat[oaie]|prenotat[oaie]|registrat[oaie]|iscritt[oaie]|attivat[oaie]|complet[oaie]|completat[oaie]|aggiornat[oaie]|allegat[oaie]|caricat[oaie])(?!\p{L})`, 'u'),
  /(?<!\p{L})(?:has|have)\s+(?:now\s+|already\s+|just\s+)?been\s+(?:successfully\s+)?(\p{L}+ed|sent|withdrawn|paid|written|made)(?!\p{L})|(?<!\p{L})(?:is|are)\s+now\s+(\p{L}+ed|sent|booked|paid)(?!\p{L})/u,
  // French, German, Spanish and Portuguese passives: "a été envoyée", "wurde eingereicht", "ha sido enviada", "foi enviada".
  /(?<!\p{L})(?:a|ont) (?:bien )?ete (\p{L}+(?:e|ee|es|ees|is|ise|it|ite))(?!\p{L})|(?<!\p{L})(?:wurde|wurden) (?:\p{L}+ ){0,6}?(\p{L}*ge\p{L}{2,}(?:t|en)|\p{L}+iert)(?!\p{L})|(?<!\p{L})(?:ha|han) sido (\p{L}+(?:ad|id)[oa]s?)(?!\p{L})|(?<!\p{L})(?:foi|foram) (\p{L}+(?:ad|id)[oa]s?)(?!\p{L})/u,
];

/** German participles of deeds, folded ("weitergeleitet", "eingereicht", "hochgeladen", "storniert"), separable prefixes included. */
const DE_PARTICIPLE = String.raw`(?:weiter|ab|an|ein|hoch|zuruck|aus|nach|um)?ge(?:sendet|sandt|schickt|leitet|reicht|bucht|meldet|andert|tragen|laden|zogen|zahlt|loscht|legt|reicht)|ubermittelt|ubersandt|uberwiesen|beantragt|bezahlt|versandt|versendet|veranlasst|genehmigt|gewahrt|bewilligt|erstattet|verlangert|(?:storn|korrig|aktualis|registr|reserv|annull|kontakt|modifiz)iert`;
/** Slovenian and Croatian first-person past of deeds, folded ("sem poslala", "poslao sam", "sem preklical"). */
const SL_HR_PARTICIPLE = String.raw`(?:izbrisal|odobril|podaljsal|izbrisao|odobrio|produzio|poslal|oddal|preklical|posredoval|rezerviral|placal|popravil|spremenil|umaknil|vpisal|prijavil|nalozil|poslao|predao|otkazao|proslijedio|rezervirao|platio|ispravio|promijenio|povukao|upisao|prijavio)(?:a|i|e|la|li)?`;
/** A word between the auxiliary and the deed that is no negation (French, Spanish, Slovenian, Croatian). */
const FREE = String.raw`(?!(?:ne|pas|no|nunca|jamais|ni|nisem|nisam|nikoli|nikad)(?!\p{L}))`;
/** A word between the auxiliary and the deed that is no negation and opens no clause of the citizen's ("wie Sie … einreichen"). */
const DE_FREE = String.raw`(?!(?:nicht|kein\p{L}*|nie|wie|sie|dass|ob|wenn|damit|selbst|erklar\p{L}*|gezeigt)(?!\p{L}))`;
const DE_INFINITIVE = String.raw`(?:weiter|ab|ein|hoch|zuruck)?(?:leiten|senden|schicken|reichen|buchen|melden|andern|tragen|laden|ziehen)|ubermitteln|stornieren|korrigieren|aktualisieren|registrieren|reservieren|annullieren|kontaktieren`;
/**
 * The bot's own deed in the first person, in French, German, Spanish or Portuguese ("j'ai envoyé", "ich habe … eingereicht",
 * "he enviado", "enviei"): a claim whatever the question, like "ho inviato".
 */
export const FOREIGN_FIRST = new RegExp(
  String.raw`(?<!\p{L})(?:j'ai (?:bien |deja )?(?:envoye|transmis|soumis|annule|inscrit|reserve|modifie|retire|depose|paye|contacte|supprime|efface|rembourse|accorde|prolonge)|(?:ich habe|habe ich|wir haben|haben wir) (?:${DE_FREE}[\p{L}\p{N}]+ ){0,10}?(?:${DE_PARTICIPLE})|(?:ich werde|werde ich|wir werden) (?:${DE_FREE}[\p{L}\p{N}]+ ){0,10}?(?:${DE_INFINITIVE})|(?<!no )he (?:enviado|presentado|cancelado|reservado|inscrito|modificado|retirado|pagado|tramitado|contactado|eliminado|borrado|reembolsado|concedido|anulado)|(?<!nao )(?:enviei|submeti|cancelei|reservei|inscrevi|alterei|retirei|paguei|eliminei|apaguei|reembolsei|anulei)|(?:je vais|nous allons) (?:${FREE}\p{L}+ ){0,3}?(?:envoyer|transmettre|soumettre|annuler|reserver|inscrire|modifier|retirer|deposer|payer)|(?:voy a|vamos a) (?:${FREE}\p{L}+ ){0,3}?(?:enviar|presentar|cancelar|reservar|inscribir|modificar|retirar|pagar|tramitar)|(?:sem|smo|sam|smo) (?:${FREE}[\p{L}\p{N}]+ ){0,8}?(?:${SL_HR_PARTICIPLE})|(?:${SL_HR_PARTICIPLE}) (?:sem|smo|sam)(?!\p{L}))(?!\p{L})`,
  'u',
);

/**
 * An answer opening on the deed done: "Fatto:", "Done.", "Ecco fatto!" (not "fatto salvo"), or on the deed's participle alone
 * ("Inoltrata!", "Sistemato."), read only when the question asked for a deed. Not "Corretto", which also says "that's right".
 */
export const DONE_OPENER =
  /^(?:(?:fatto|done|ecco fatto|all done|operazione completata|tutto fatto|fatto tutto|all sorted|sorted)(?!\p{L})(?!\s+salv)|(?:inviat|inoltrat|trasmess|spedit|ritirat|annullat|cancellat|prenotat|pagat|sistemat|aggiornat|modificat|registrat|caricat|allegat|protocollat|eliminat)[oaie](?=\s*(?:[!.:,]|$)))/u;

/** Participles that are no deed of the bot whoever asks: the office's news, a publication, the citizen's reading. */
const NOT_A_DEED = /^(?:stess|quest|riservat|prorogat|riapert|posticipat|rinviat|sospes|differit|pubblicat|previst|indett|bandit|stabilit|indicat|scadut|chius|apert|espost|dett|scritt|lett|vist|ammess|esclus|nominat|convocat|published|required|expected|closed|opened)/u;

/**
 * A clause that is a thing and its deed, with no verb: "Documento ricevuto e allegato alla sua domanda", "PEC inviata
 * all'ufficio". `deeds`: the participle stems of deeds; one of the coordinated participles must be one.
 */
const FINITE = String.raw`(?:ho|ha|hanno|e|sono|aver|avere|essere|resta|restano|rimane|rimangono|era|erano|fu|va|vanno|deve|devono|puo|possono|sia|siano|viene|vengono|risulta|risultano)`;
const nominalDone = (deeds: string) =>
  new RegExp(String.raw`^(?!(?:per|con|su|in|a|da|di|tra|fra|se|ma|e|o|che|come|quando|dove|anche|ho|ha|hanno|abbiamo|va|vanno|deve|devono|puo|possono|non|si|dopo|prima|senza|una volta|appena)\s)(?:(?!${FINITE}\s)[\p{L}'’]+\s+){1,3}?((?:(?:${PARTICIPLE})\s+e\s+)?(?:${deeds})\p{L}*|(?:${deeds})\p{L}*\s+e\s+(?:${PARTICIPLE}))(?!\p{L})`, 'u');
let nominal: { deeds: string; re: RegExp } | undefined;

/** A bando and its terms: the office's news when said done ("il concorso è stato annullato"), never the citizen's record. */
const BANDO_WORD = /(?<!\p{L})(?:band\p{L}*|concors\p{L}*|avvis\p{L}*|selezion\p{L}*|graduatori\p{L}*|termin\p{L}*|scadenz\p{L}*|prov[ae]|calendari\p{L}*|post[oi])(?!\p{L})/u;
/**
 * The passive's subject is what the citizen asked to have changed: a word of its noun phrase (four letters or more) is in
 * the question ("correggi il voto di laurea" → "il voto di laurea è stato aggiornato"), and the participle is a deed's.
 */
function askedSubject(before: string, participle: string, asked: string): boolean {
  const subject = before.split(/[,;:]\s*/u).at(-1) ?? '';
  if (BANDO_WORD.test(subject) || !DEED_STEM.test(participle)) return false;
  const q = fold(asked);
  return (subject.match(/\p{L}{4,}/gu) ?? []).some((w) => new RegExp(`(?<!\\p{L})${w}(?!\\p{L})`, 'u').test(q));
}

/** Where the clause reports a deed as done, whatever its subject (to read under the question's request); null when none. */
export function doneAnySubject(clause: string, deeds: string, asked = ''): RegExpExecArray | null {
  if (nominal?.deeds !== deeds) nominal = { deeds, re: nominalDone(deeds) };
  for (const re of [...DONE_ANY_SUBJECT, nominal.re]) {
    const m = re.exec(clause);
    // Said of the citizen's record somewhere in the clause ("il voto … è stato aggiornato nella Sua domanda"), not of a
    // bando or a term ("il bando è stato prorogato"); English says whose ("your CV").
    if (m === null || (re === DONE_ANY_SUBJECT[0] && !RECORD_WORD.test(clause) && !askedSubject(clause.slice(0, m.index), m[1] ?? '', asked))) continue;
    const said = m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[0];
    if (said.split(/\s+e\s+/u).every((p) => NOT_A_DEED.test(p))) continue;
    return m;
  }
  return null;
}
