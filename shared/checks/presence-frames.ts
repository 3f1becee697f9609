/**
 * Sentence frames answer-presence reads structurally, beside the per-kind forms of deflections.ts: who a clause
 * is about (the bot itself, the user, the ente), whether it asks the user back, advises them to go elsewhere, or
 * is the technical detail of an error. Each frame is general (pronouns, verb persons, the verbs of contacting
 * someone), never a particular bot's wording. Matched on lowercase, accent-folded text, apostrophes as '.
 */

/**
 * The bot speaking of itself: first-person pronouns and verbs ("non mi compete", "non trattiamo", "I'm not
 * permitted", "not part of my job"). "sono" is left out (also "they are"), and so is "ci" (also "there").
 */
const SELF =
  /\b(?:io|mi|me|mio|mia|miei|mie|noi|nostr[oaie]|posso|possiamo|riesco|riusciamo|devo|dobbiamo|sappiamo|saprei|sapremmo|ho|abbiamo|vorrei|vorremmo|i'm|i'd|i've|i'll|my|we|we're|we've|our|us)\b|\bi (?:am|have|had|can|could|do|did|don't|cannot|can't|would|will|was|wish|think|know|must|should|need|only|just|really|genuinely|honestly|unfortunately|simply|cover|handle|deal|discuss|answer|provide|support|help|see|find|offer|get|look|check|give|share|talk)\b|\b\w{3,}iamo\b|\b(?:\w{3,}isco|offro|tratto|copro|seguo|conosco|trovo|rispondo|vedo)\b|\bsono (?:\w+ )?\w{3,}(?:at|ut|it)[oa]\b|\bnon (?:\w+ )?so\b|\b(?:questo|questa|il|la|this|the) (?:servizio|assistente|assistenza|chat|chatbot|bot|canale|sportello virtuale|assistant|service|channel|tool)\b/;
export const speaksOfItself = (clause: string): boolean => SELF.test(clause);

/**
 * The bot saying it cannot or would rather not do something of the conversation itself ("non ti so aiutare",
 * "I am not in a position to comment", "preferirei non entrare in questioni …"): a verb of capability or
 * preference, negated, then within three words a word about the conversation (helping, answering, saying,
 * commenting: deflections.ts META_WORD, checked by the caller). "We cannot accept foreign degrees" is the ente
 * answering, not the bot declining: its verb is not about the conversation.
 */
export const DECLINES =
  /\bnon (?:(?:ti|le|vi|la|lo|ci|gli|mi) )?(?:posso|possiamo|so|sappiamo|riesco|riusciamo|sono in grado di|siamo in grado di|sono nella posizione di|sono in condizione di|mi e possibile|ci e possibile|mi e consentito)\b|\b(?:preferirei|preferisco|preferiamo|preferiremmo) non\b|\b(?:i|we)(?: am| are|'m|'re)? (?:not able to|unable to|not in a position to|not in the position to)\b|\b(?:i|we) (?:can't|cannot|can not|won't be able to|would rather not|'d rather not|prefer not to)\b|\b(?:i|we)(?:'m| am|'re| are) unable to\b/;

/** A clause asking the user back: it ends with a question mark, or opens with an interrogative. */
const INTERROGATIVE = /^(?:\S+ ){0,2}?(?:quale|quali|quanto|che cosa|cosa|chi|dove|quando|come|which|what|who|where|when|how)\b/;
export const asksBack = (sentence: string): boolean => /\?\s*$/.test(sentence) && (INTERROGATIVE.test(sentence) || ADDRESS.test(sentence) || / (?:o|oppure|or) /.test(sentence));
/** Addressing the user: "intende", "si riferisce", "parli", "you", "your". */
const ADDRESS = /\b(?:lei|tu|you|your|you're|ti riferisci|vi riferite|intendi|intende|intendi|si riferisce|ti riferisci|parla|parli|cerca|cerchi|pensa|pensi)\b/;

/**
 * Advice to go elsewhere: a frame that tells the user to contact, call, write to, consult or look at someone or
 * something ("ti conviene chiamare …", "le consiglio di dare un'occhiata al …", "I'd check with …", "your best
 * option is to phone …"). Whatever the clause then names is where to go, not an answer. Two families: advice
 * frames take any verb of contacting or looking; modal frames ("può", "deve", "you can") only the verbs that
 * send the user to someone, since "può presentare domanda" or "deve scrivere in italiano" are instructions.
 */
const LOOK_OR_CONTACT =
  '(?:contatt|chiam|telefon|scriv|sent|rivolg|chied|consult|visit|verific|controll|informar|guard|legg|rilegg|cerc|dare un\'occhiata|dia un\'occhiata|fare un salto|passare|recar|contact|call|phone|ring|email|e-mail|write|ask|check|consult|visit|look|reach|get in touch|speak|talk|read|see|refer|go to|drop by|stop by|keep an eye|tener\\w* d\'occhio|monitor)';
const SEND_ELSEWHERE =
  "(?:contatt|chiam|telefon|rivolg|consult|visit|informar|sentire|scrivere (?:a|al|alla|all'|ai|agli|alle)|chiedere (?:a|al|alla|all'|ai|agli|alle|direttamente)|recar|dare un'occhiata|contact|call|phone|ring|email|e-mail|write to|ask (?:the|your|them|someone)|check with|consult|visit|reach|get in touch|speak (?:to|with)|talk to|have a look|take a look)";
const ADVISE = new RegExp(
  `\\b(?:(?:ti|le|vi|gli)\\s+)?(?:conviene|converrebbe|consiglio|consigliamo|suggerisco|suggeriamo|raccomando|raccomandiamo|invito|invitiamo|(?:e|sarebbe) (?:meglio|preferibile|consigliabile|opportuno|utile)|meglio|prov[aio] a|i'?d|i would|you(?:'d| would)? better|you should|you'd want to|you may want to|you might want to|(?:your |the )?best (?:option|bet|choice|move|thing to do|course) (?:is|would be)|(?:it'?s|it is|it'?d be|it would be) (?:best|better|wise|advisable)|i (?:recommend|suggest|advise)|we (?:recommend|suggest|advise)|try|(?:la cosa|l'idea|la scelta|la strada) (?:migliore|piu semplice|piu sicura) (?:e|sarebbe))\\b(?:\\s+\\S+){0,2}?\\s+(?:(?:di|a|to)\\s+)?${LOOK_OR_CONTACT}`,
);
const MODAL = new RegExp(
  `\\b(?:puo|puoi|potra|potrai|potrebbe|potresti|potete|deve|devi|dovra|dovrebbe|dovresti|occorre|bisogna|serve|you can|you could|you may|you might|you need to|you have to|you must)\\s+(?:(?:pure|direttamente|sempre|anche|semplicemente|just|also|always|directly)\\s+)?${SEND_ELSEWHERE}`,
);
/** "Può trovare tutte le informazioni sul portale dell'ente", "you'll find it on the website": where, not what. */
const FIND_THERE =
  /\b(?:puo|puoi|potra|potrai|potete|you can|you'll|you will|you may) (?:trovare|find|read|see) (?:\S+ ){0,5}(?:sul|sulla|nel|nella|nell'|on|in) (?:\S+ )?(?:sito|portale|pagina|bando|albo|avviso|website|site|portal|page|notice)\b/;
/** An imperative at the start of the clause: "chiami l'URP …", "guarda, senti il comando …", "call the office". */
const IMPERATIVE =
  /^(?:(?:guarda|senti|allora|beh|ok|please|so|well)\s+)*(?:contatti|contatta|chiami|chiama|telefoni|telefona|scriva (?:a|al|alla|all')|scrivi (?:a|al|alla|all')|si rivolga|rivolgiti|rivolgetevi|consulti|consulta|visiti|visita il|senta|senti (?:il|la|l'|i|gli|le|direttamente)|chieda (?:a|al|alla|all'|direttamente)|chiedi (?:a|al|alla|all'|direttamente)|dia un'occhiata|dai un'occhiata|contact|call|phone|ring|email|write to|ask (?:the|your)|check with|consult|reach out|get in touch|speak (?:to|with)|talk to|have a look|take a look|drop (?:them|us|him|her) a line|keep an eye on)\b/;
export const advisesElsewhere = (clause: string): boolean => ADVISE.test(clause) || MODAL.test(clause) || FIND_THERE.test(clause) || IMPERATIVE.test(clause);

/**
 * A pointer into a document: "articolo 2", "allegato 3", "page 4". Beside a referral it says where to read, not
 * what; alone (to "which article lists the requirements?") it answers.
 */
/** A label citing where the text comes from: "[Fonte: bando …, art. 7]", "Source: …", "Riferimenti: …". */
export const SOURCE_LABEL = /^\[(?:fonte|fonti|source|sources|references?|riferiment[oi]|rif)\s*:[^\]]*\]\s*|^(?:fonte|fonti|source|sources|references?|riferiment[oi]|rif)\s*:.*$|^(?:>\s*)?\[\d+\][^«"“]{0,120}?(?:\s[—–-]\s|:\s*)(?=[«"“])/;

export const DOCUMENT_POINTER =
  /^(?:all'|nell'|l')?(?:art(?:icolo)?|comma|paragrafo|par|pagina|pag|sezione|allegato|punto|section|article|page|annex|paragraph|point)\.?\s*\d+[a-z]?(?:\s*(?:e|and|,)\s*\d+[a-z]?)*$/;

/**
 * The technical detail of an error or of a ticket: "Codice: DOC_FETCH_TIMEOUT", "(ID: 7f3a-22)", "ref #4411",
 * "trace 9f2c…", "Ticket: HD-3391". Beside an error message or a referral it is part of it; alone it answers only
 * a question asking for a code or a reference ("Codice: PA-2027-0012" to "what is the code?"). Named as an error
 * ("Errore 503", "error code: E42") it is the error itself.
 */
export const ERROR_DETAIL =
  /^\(?\s*(?:id|codice|code|codice errore|codice di errore|error code|errore|error|rif|ref|reference|trace|trace id|request id|id richiesta|correlation id|status|ticket|ticket id|ticket number|numero (?:di )?ticket|pratica|numero (?:di )?pratica|protocollo|n\.? (?:di )?protocollo|numero (?:di )?protocollo|case|case id|case number)\s*[:#=]?\s*(?:n\.?\s*)?[\w.:/-]*[\d_][\w.:/-]*\s*\)?$|^\(?\s*[a-z0-9]+(?:_[a-z0-9]+)+\s*\)?$/;
/** A detail named as an error: "Errore 503", "error code: E42". */
export const NAMED_ERROR = /^\(?\s*(?:codice (?:di )?errore|error code|errore|error)\b/;
/** A question asking for a code, a reference or a pointer into a document: a detail alone then answers it. */
export const ASKS_REFERENCE =
  /\b(?:codic\w*|code|id|numer\w*|number|riferiment\w*|reference|protocoll\w*|articol\w*|article|allegat\w*|annex|comm[ai]|paragraph\w*|paragraf\w*|sezion\w*|section|pagin\w*|page|ticket|pratica)\b/;

/**
 * An offer of help with something else: "posso però aiutarti con altri temi: …", "per altre richieste resto a
 * disposizione", "need help with anything else?". What it then lists is what the bot would rather talk about, not
 * an answer. The offer is the bot's (a first person, a modal, "happy to"), not "the bando supports other …".
 */
export const OFFERS_OTHER =
  /\b(?:posso|possiamo|potrei|sono|siamo|resto|restiamo|rimango|felice|felici|lieto|lieta|lieti|happy|glad|can|could|need|needs|serve|servisse|bisogno)\b[^.!?]{0,20}\b(?:aiut|help|assist|support|disposizion)\w*[^.!?]{0,25}\b(?:altr[oaie]|other|else|anything|something)\b|\b(?:per|su|for|with|about) (?:altr[eio]|other|any other) \S+[^.!?]{0,50}\b(?:disposizion|aiut|help|assist|happy|glad|felic|liet)\w*/;

/**
 * A line announcing what was found ("Dai documenti recuperati:", "Ho trovato questi passaggi:", "Here is what I
 * found:"): it leads into quotes or items and says nothing itself.
 */
export const FOUND_LEAD = /\b(?:trovat[oaie]|trovo|ho trovato|recuperat[oaie]|estratt[oaie]|individuat[oaie]|reperit[oaie]|found|retrieved|extracted|located|ecco|here (?:is|are)|here's)\b[^:]*:$/;

/**
 * A disclaimer about what the bot says ("le informazioni fornite hanno carattere orientativo", "the information
 * provided here is for guidance only", "may not be up to date"): about its own service, not what was asked.
 */
export const DISCLAIMER =
  /\b(?:(?:le|queste|tali) informazioni (?:fornite|date|riportate|qui|di quest\w*|del (?:servizio|chatbot|assistente))|(?:the|this|any) information (?:provided|given|shown|here|in this)|carattere (?:orientativo|indicativo|informativo|non vincolante)|(?:for|a) (?:general )?(?:guidance|information(?:al)?) (?:purposes|only)|(?:potrebbero|possono|may|might) (?:non essere|not be) (?:aggiornat\w*|up to date|current|accurate|complete|esatt\w*|precis\w*|complet\w*))/;

/**
 * A value left to another text: "è disciplinato dal CCNL", "è stabilito dalla normativa vigente", "tutti i documenti
 * richiesti dal bando", "is governed by the applicable collective agreement", "as laid down in the call". Without a
 * figure, it says where the value is, not what it is. (Not a source named before what it says: "secondo il bando, la
 * prova consiste in …", "according to article 7, …".)
 */
export const DEFERS =
  /(?<!\b(?:secondo quanto|stando a quanto|da quanto|come|as|from what is) )\b(?:disciplinat|regolat|regolamentat|stabilit|definit|previst|indicat|richiest|fissat|determinat|normat|specificat|riportat|elencat)[oaie] (?:(?:esclusivamente|direttamente|interamente) )?(?:dal|dalla|dallo|dai|dalle|dagli|dall'|nel|nella|nei|nelle|negli|nell'|secondo|ai sensi)\b|(?<!\b(?:as|come) )\b(?:governed|regulated|set|determined|established|laid down|defined|provided for|required|specified|stated|listed|indicated|prescribed) (?:by|in|under)\b/;
/** The text a value is left to: a contract, a law, the call itself, a regulation. */
export const RULE_TEXT = /\b(?:ccnl|contratt\w*|normativ\w*|legg[ei]|decret\w*|regolament\w*|disposizion\w*|bando|avviso|contract|agreement|law|laws|legislation|regulations?|rules|decree|call|notice|announcement)\b/;
