/**
 * What a deflecting sentence says, in Italian and English, by kind. General forms of each kind (the verbs and
 * frames a chatbot uses to not answer), never a particular bot's wording: a bot's own canned replies are given
 * per check (`cannedReplies`). Matched on lowercase, accent-folded text with apostrophes normalised to '.
 */

export type DeflectionKind = 'refusal' | 'fallback' | 'dont-know' | 'referral' | 'asks-which' | 'error';

export const DEFLECTIONS: Record<DeflectionKind, RegExp[]> = {
  refusal: [
    /\bnon (?:e|rientra) (?:di|nella|nelle|tra le) (?:mia|mie) competenz/,
    /\bnon (?:tratto|gestisco|mi occupo di|posso occuparmi di)\b/,
    /\b(?:only|just) (?:able|here|designed) to (?:help|assist|answer|provide|discuss)\b/,
    /\bnot something i can (?:help|assist|answer|discuss)\b/,
    /\b(?:that|this|your question) (?:is|falls|lies) (?:outside|beyond)\b/,
    /\bmi (?:dispiace|spiace)\b[^.!?]{0,60}\bnon (?:posso|sono in grado|riesco|mi e possibile)\b/,
    /\bnon (?:posso|sono in grado di|sono autorizzat[oa] a|mi e consentito|mi e possibile) (?:aiutar|rispondere|fornire|dare|assister|occuparmi|trattare|entrare)/,
    /\bnon (?:mi e|e) (?:possibile|consentito) (?:rispondere|aiutar|fornire)/,
    /\bmi scusi\b[^.!?]{0,40}\bnon (?:posso|esprimo|sono in grado)\b/,
    /\bnon (?:posso|sono in grado di) (?:modificare|rivelare|cambiare|soddisfare|esaudire|accontentar)/,
    /\bnon esprimo (?:opinioni|giudizi|preferenze)\b/,
    /\b(?:posso|sono qui per) (?:aiutar\w*|rispondere|darle|fornire)\b[^.!?]{0,30}\b(?:solo|soltanto|unicamente|esclusivamente)\b/,
    /\b(?:solo|soltanto|unicamente|esclusivamente) (?:su|con|a|per|di) (?:domande|informazioni|questioni|temi|argomenti)\b/,
    /\bnon (?:rientra|e) (?:tra|nel(?:le)?|fra) (?:le )?(?:mie )?(?:competenze|ambit|funzioni|argomenti)/,
    /\b(?:fuori|al di fuori) (?:dal|del) (?:mio )?(?:ambito|perimetro|campo)\b/,
    /\b(?:i'?m|i am) (?:sorry|afraid)\b[^.!?]{0,50}\b(?:can(?:no|')t|unable|not able)\b/,
    /\bi (?:can(?:no|')t|am unable to|am not able to|won'?t|'m not able to|'m unable to) (?:help|assist|answer|provide|do that|discuss|respond|give)/,
    /\bas an ai(?: language model)?\b/,
    /\bi can only (?:help|assist|answer|provide|discuss|respond)\b/,
    /\b(?:outside|beyond|not within) (?:my|the) (?:scope|remit|competence|area)\b/,
  ],
  fallback: [
    /\bnon ho capito\b/,
    /\bnon (?:sono sicur[oa] di aver|ho) compreso\b/,
    /\b(?:puoi|potresti|puo|potrebbe|prova a|provi a) (?:riformulare|ripetere)\b/,
    /\bsorry,? i (?:didn'?t|did not) (?:understand|get that|catch that)\b/,
    /\bi(?:'m| am) not sure i understand\b/,
    /\b(?:could|can) you (?:please )?(?:rephrase|repeat)\b/,
  ],
  'dont-know': [
    /\bnon (?:ne )?sono (?:sicur|cert)/,
    /\bnon ho (?:questa|quest'|la|una|tale) (?:informazione|risposta|notizia)/,
    /\bnon ho (?:elementi|idea)\b/,
    /\bnessuna informazione\b/,
    /\bi have no (?:information|idea|details|data)\b/,
    /\bno idea\b/,
    /\bi(?:'m| am) not (?:certain|able to say)\b/,
    /\bnon (?:lo )?so\b/,
    /\bnon (?:lo )?saprei\b/,
    /\bnon (?:ho|dispongo di|possiedo|sono in possesso di|ho a disposizione) (?:(?:le |alcuna |nessuna |queste |tali )?(?:informazion|dati|notizi|dettagli)|accesso)/,
    /\bnon ho trovato (?:(?:alcuna |nessuna |le )?(?:informazion|dati|notizi|dettagli|risposte))/,
    /\b(?:informazion[ei]|dato|dati|dettagli?) non (?:e |sono )?(?:disponibil|presenti|reperibil)/,
    /\bnon sono a conoscenza\b/,
    /\bnon (?:e|sono) in grado di (?:dirl|saperl|indicarl)/,
    /\bi (?:do not|don'?t) know\b/,
    /\bi (?:do not|don'?t) have (?:any |that |this |the |specific |enough )?(?:information|details|data|access)\b/,
    /\bno (?:information|details|data) (?:is |are )?available\b/,
    /\bi (?:could not|couldn'?t|can'?t|cannot) find (?:any |that |the )?(?:information|details|data)\b/,
    /\bi(?:'m| am) not (?:sure|aware)\b/,
    /\b(?:not|isn'?t) available (?:to me|at the moment|right now)\b/,
  ],
  referral: [
    /\b(?:puo|potra|puoi|potete|deve|dovra|occorre|e necessario|bisogna|conviene) (?:chiedere|contattare|consultare|rivolgersi|verificare|scrivere|telefonare|visitare|informarsi)\b/,
    /\b(?:trova|trovera|troverai|trovi|sono disponibili|sono pubblicate) [^.]{0,40}\bsul (?:sito|portale)\b/,
    /\b(?:you can|you may|you'll|you will|you should) (?:find|check|ask|contact|consult|get|look)\b[^.]{0,60}\b(?:website|site|office|portal|department|hr|authority|body|administration|page)\b/,
    /\bconsult[aio]? (?:il|la|lo|l') ?(?:bando|sito|portale|pagina)\b/,
    /\b(?:si )?rivolg(?:a|ersi|iti|ete)\b/,
    /\b(?:la |le )?(?:invito|consiglio|suggerisco) (?:a |di )?(?:contattare|consultare|rivolgersi|visitare|scrivere)/,
    /\b(?:contatti|consulti|visiti|verifichi sul|controlli sul|scriva a)\b/,
    /\b(?:contattare|consultare|visitare) (?:direttamente )?(?:l'|il |la |gli |i |le )?(?:ente|ufficio|amministrazione|sito|portale|segreteria|sportello|urp|comune|regione|azienda)/,
    /\b(?:please )?(?:contact|consult|check with|reach out to|get in touch with|refer to|visit|check) (?:directly )?(?:the|its|their|your)\b/,
    /\b(?:you should|i recommend|i suggest|we suggest|we recommend) (?:contact|consult|check|visit|reach|ask)/,
    /\bper (?:maggiori|ulteriori|altre|queste) informazioni\b/,
    /\bfor (?:more|further|detailed|these|this) (?:information|details)\b/,
  ],
  'asks-which': [
    /\bwhat (?:competition|call|bando|exam|position|selection|job)\b/,
    /\bwhich (?:one|of them|of the)\b/,
    /\b(?:referring to|have in mind|talking about|thinking of)\b/,
    /\b(?:si riferisce|intende|ha in mente|sta parlando|parla)\b/,
    /\bdi quale\b/,
    /\b(?:nome|codice) (?:del |dell'|della )?(?:ente|bando|concorso|amministrazione)\b/,
    /^(?:\S+ ){0,3}(?:a |di |per |su )?(?:quale|quali) (?:bando|concorso|avviso|selezione|procedura|bandi|concorsi|ente|amministrazione)\b/,
    /\b(?:a|di|per|su) (?:quale|che) (?:bando|concorso|avviso|selezione|procedura|ente)\b/,
    /\b(?:mi )?(?:indic|specific|precis|dic)\w* (?:il |quale |a quale |di quale |l')?(?:codice|bando|concorso|ente|amministrazione|profilo)\b/,
    /\bwhich (?:competition|call|bando|exam|position|job|recruitment|one|selection|concorso|announcement)\b/,
    /\b(?:could|can|would) you (?:please )?(?:specify|tell me|clarify|indicate|confirm)\b[^.!]{0,50}\b(?:competition|call|bando|which|code|body|authority)\b/,
  ],
  error: [
    /\bqualcosa (?:e )?andato storto\b/,
    /^(?:ops|oops|errore|error)\b/,
    /\bimpossibile (?:elaborare|completare|rispondere|processare|recuperare)\b/,
    /\b(?:request failed|failed to (?:process|load|retrieve|fetch)|unable to process|could not process|error processing)\b/,
    /\b(?:riprov[aio]|riprovare|try again)\b/,
    /\bsi e verificato un (?:errore|problema)\b/,
    /\b(?:errore|error)\b[^.!?]{0,40}\b(?:\d{3}|interno|internal|server|riprov|try again|tecnico|imprevisto|unexpected)\b/,
    /\b(?:riprov[ai]|riprovare) (?:piu tardi|tra (?:qualche|poco|alcuni))/,
    /\b(?:servizio|sistema) (?:momentaneamente |temporaneamente )?(?:non disponibile|in manutenzione|non raggiungibile)\b/,
    /\bsomething went wrong\b/,
    /\b(?:please )?try again later\b/,
    /\b(?:service|server) (?:is )?(?:temporarily )?unavailable\b/,
    /\b(?:http )?(?:500|502|503|504)\b/,
    /\b(?:timed? ?out|timeout|bad gateway|internal server error|an error (?:has )?occurred)\b/,
  ],
};

/**
 * Sentences that are neither an answer nor a deflection: greetings, thanks, offers of more help, remarks on the
 * question. A reply made only of these and deflections gave the user nothing.
 */
export const FILLER: RegExp[] = [
  /^(?:buongiorno|buonasera|salve|ciao|gentile \w+|grazie(?: (?:per|della|mille)[^.]{0,40})?|certo|certamente|volentieri|ok|va bene|perfetto|capisco|ottima domanda|bella domanda|domanda interessante|vediamo|mi dispiace|ci scusiamo[^.]*|mi scusi|spero di (?:esserle|esserti) (?:stato|stata) utile|(?:posso|desidera che la) aiut\w*[^.]*\?|c'e (?:altro|qualcos'altro)[^.]*\?|resto a disposizione[^.]*|sono (?:qui|a disposizione)[^.]*)$/,
  /^(?:hi|hello|hey|good (?:morning|afternoon|evening)|thanks?(?: (?:for|a lot)[^.]{0,40})?|thank you(?: (?:for|very much)[^.]{0,40})?|sure|of course|certainly|happy to help|glad to help|i'?d be happy to help|great question|good question|interesting question|let me (?:see|check)|i'?m sorry|sorry|we apologi[sz]e[^.]*|apologies|(?:can|may) i help[^.]*\?|is there anything else[^.]*\?|anything else[^.]*\?|hope (?:this|that) helps)$/,
];

/** A clause opening with a contrast ("…, ma il bando scade a gennaio"): judged on what follows it. */
export const CONTRAST = /^(?:ma|pero|tuttavia|comunque|invece|but|however|although|though|still|yet)\b[ ,:]*/;

/** The question asks for a contact: a referral then answers it. */
export const ASKS_CONTACT = /\b(?:contatt\w*|a chi (?:posso|devo|mi)|telefon\w*|e-?mail|pec|ufficio|sportello|responsabile|who (?:can|should|do) i|contact|phone|email|office)\b/;

/**
 * The user named a bando: an administration with its name ("Comune di Bergamo", "asl roma 2", "the Molise
 * Region"), an acronym of one (INPS), a profile ("il concorso per istruttori", "the nurses competition") or a
 * bando code. Asking "which bando?" then gives nothing; asking it when none was named is the right reply.
 */
const ENTE = 'comune|citta|regione|provincia|asl|asp|ats|aou|asst|azienda|ministero|universita|agenzia|camera|consiglio|istituto|ospedale|policlinico|prefettura|tribunale|corte|autorita|inps|inail|istat|municipality|region|province|ministry|university|agency|hospital|council|department';
const NOT_A_BODY = new Set(['SPID', 'CIE', 'CNS', 'PEC', 'FAQ', 'HTTP', 'URL', 'PDF', 'CV', 'UE', 'EU', 'PA', 'OK', 'IT', 'AI', 'ISEE', 'IBAN']);
const NAMED: RegExp[] = [
  // An administration and its name ("comune di bergamo", "asl roma 2"), not "un comune", "qualsiasi regione".
  new RegExp(`(?<!\\b(?:un|una|uno|a|an|any|ogni|qualsiasi|qualunque|nessun|which|quale|my|mio|mia)\\s)\\b(?:${ENTE})\\b\\s*(?:di |del |della |dell'|dei |degli |delle |of |for )?(?!(?:che|chi|in|e|o|per|a|the|and|or|to|in|is|are)\\b)[a-z0-9]{2,}`),
  // "the Molise Region", "Padua University".
  new RegExp(`\\b[a-z]{3,} (?:${ENTE})\\b(?! (?:di|of)\\b)`),
  // A profile: "il concorso per istruttori", "bando da infermiere", "the accountants competition".
  /\b(?:concorso|concorsi|bando|selezione|avviso|mobilita|graduatoria)\b(?: \S+){0,2} (?:per|da|a|di) (?!(?:un|una|il|la|lo|questo|quel|quale|cui|me|te|noi)\b)[a-z]{5,}/,
  /\bthe (?:[a-z0-9'-]+ ){1,5}(?:competition|call|exam|recruitment|selection|contest|notice)\b/,
  /\b(?:competition|call|exam|recruitment|selection) (?:for|as) (?!(?:a|an|the|which|me)\b)[a-z]{4,}/,
];
export function namesBando(text: string): boolean {
  if ([...text.matchAll(/\b\p{Lu}{3,6}\b/gu)].some((m) => !NOT_A_BODY.has(m[0]))) return true;
  if (/\b(?:codice|code|rif\.?|ref\.?)\s*[A-Za-z0-9][-A-Za-z0-9/._]*\d/i.test(text) || /\b[A-Za-z]{2,}[-_/]\d{2,}[-A-Za-z0-9_/]*\b/.test(text)) return true;
  const folded = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[’‘`]/g, "'");
  return NAMED.some((re) => re.test(folded));
}
