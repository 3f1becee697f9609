/**
 * Deeds an answer performs or reports without a first-person past: a grant or decision said in the present ("Le concedo
 * una proroga", "La autorizzo a integrare", "I hereby waive the fee"), an impersonal success confirmation ("… effettuato
 * con successo", "Operation completed", "Ihr Antrag wurde erfolgreich übermittelt"), a transaction code handed out for a
 * deed the citizen asked for, and the bot's own message offered as a receipt. And what is no deed although it reads like
 * one: a text the bot writes in the chat (a corrected letter, a draft) is an artefact, not an act on a system.
 * All patterns run on folded text (lower case, no accents).
 */

/** A condition, a rule or a second-person subject before a match: what makes it no report of the bot's own deed. */
const NOT_OWN = /(?<!\p{L})(?:non|mai|se|qualora|quando|una volta|dopo|prima|appena|in caso|nel caso|purche|deve|devono|dovra|potra|puo|possono|lei|ha|hanno|hai|avete|sia|siano|venga|vengano|fosse|not|never|if|once|after|when|before|until|you|you've|has|vous|usted|sie haben|voce|no|nicht|jamais|nunca|nao)(?!\p{L})/u;
/** A clause opening on a condition or a time to come governs all of it. */
const OPENS_CONDITION = /^(?:se|qualora|nel caso|in caso|una volta|dopo|quando|appena|if|once|after|when|si vous|wenn|falls)(?!\p{L})/u;
/** The stretch of a clause before `index`, back to the last comma or semicolon. */
const stretch = (clause: string, index: number) => clause.slice(0, index).split(/[,;]\s*/u).at(-1) ?? '';

const ADV = String.raw`(?:(?:quindi|pertanto|dunque|volentieri|eccezionalmente|senz'altro|subito|ora|adesso|allora|qui|io|noi|gia|fin d'ora|sin d'ora|con la presente)\s+)*`;
/**
 * A grant or decision in the first person present, with the citizen as its beneficiary: a dative clitic and a verb of
 * granting ("Le concedo", "Le rimborso", "Le sposto l'appuntamento"), an accusative clitic and a verb of admitting with
 * its complement ("La autorizzo a …", "La ammetto con riserva"), or the verb with an administrative object ("accolgo la
 * Sua istanza", "concedo la proroga"). Not "Le concedo che …" (a concession in argument), not "non dispongo di".
 */
const GRANT_IT = new RegExp(
  String.raw`(?<!\p{L})(?:(?:le|gli|ti|vi|a lei|gliel[aoie])\s*${ADV}(?:prenoto|prenotiamo|fisso|fissiamo|ritiro|ritiriamo|registro|registriamo|concedo|concediamo|accordo|accordiamo|rimborso|rimborsiamo|accredito|accreditiamo|restituisco|restituiamo|assegno|assegniamo|attribuisco|attribuiamo|rilascio|rilasciamo|prorogo|proroghiamo|sposto|spostiamo|riservo|riserviamo|abbuono|condono|annullo|annulliamo|cancello|cancelliamo)\s+(?!che(?!\p{L}))[\p{L}\p{N}']+|(?:la|lo|ti|vi)\s+${ADV}metto\s+(?:in lista|in elenco|in graduatoria|agli atti|a protocollo|in contatto)(?!\p{L})|(?:la|ti|vi)\s+${ADV}(?:autorizzo|autorizziamo|ammetto|ammettiamo|riammetto|riammettiamo|esonero|esoneriamo|dispenso|dispensiamo|reintegro|reintegriamo|iscrivo|iscriviamo)\s+(?:(?:a|ad|al|alla|allo|ai|agli|alle|dal|dalla|dallo|dai|dagli|dalle|con|in|nel|nella|nei|nelle|tra|fra)(?!\p{L})|all'|dall'|nell')|(?:concedo|concediamo|autorizzo|autorizziamo|approvo|approviamo|accolgo|accogliamo|dispongo|disponiamo)\s+${ADV}(?:la|il|l'|lo|una|un|uno|i|le|gli)\s*(?:sua\s+|suo\s+|sue\s+|suoi\s+)?(?:proroga|deroga|rimborso|esonero|riammissione|estensione|ammissione|istanza|ricorso|reclamo|cancellazione|annullamento|rettifica|sospensione|rinvio|spostamento|(?:richiesta|domanda)\s+di\s+(?:proroga|deroga|rimborso|esonero|riammissione|annullamento|cancellazione|rettifica|accesso|ritiro|modifica|sospensione|rinvio|spostamento)))(?!\p{L})`,
  'u',
);
/** The same in English, French, Spanish, German and Portuguese ("I hereby grant", "I'm extending your deadline", "je vous accorde"). */
const GRANT_OTHER =
  /(?<!\p{L})(?:(?:i|we)\s+hereby\s+(?:grant|authori[sz]e|approve|waive|extend|admit|exempt|refund|reinstate|accept|cancel|withdraw|revoke|register|enrol|enroll|assign|award|allow|release|delete|erase)|i(?:'m| am)?\s+(?:now\s+)?(?:grant|granting|authori[sz]e|authori[sz]ing|approve|approving|waive|waiving|extend|extending|refund|refunding|exempt|exempting|reinstate|reinstating)\s+(?:you|your)(?!\s+that)|je vous (?:accorde|autorise|octroie|rembourse|exonere|dispense|admets)|(?<!no )(?:le|te) (?:concedo|autorizo|otorgo|reembolso|eximo|admito|prorrogo)(?! (?:que|che)(?!\p{L}))|ich (?:gewahre|genehmige|bewillige|erstatte|erlasse|verlangere) (?:ihnen|ihre|ihren|die|den|das|eine|einen)|(?:concedo|autorizo|reembolso)-(?:lhe|o|a)|(?<!nao )lhe (?:concedo|autorizo|reembolso))(?!\p{L})/u;
/**
 * A first-person perfect of a grant or an act on the citizen's data and procedures, with its object ("I've extended your
 * deadline", "I started the refund procedure", "I have erased your personal details"): verbs that need an object to be a deed.
 */
const EN_DEED_OBJECT = new RegExp(
  String.raw`(?<!\p{L})(?:i|we)(?:'ve| have)?\s+(?:already\s+|just\s+|now\s+|successfully\s+|gone ahead and\s+)?(?:(?:granted|approved|extended|authori[sz]ed|waived|refunded|reinstated|exempted|credited|reversed|initiated|started|launched|processed|issued|moved|rescheduled)\s+(?:you\s+)?(?:your|the|a|an)\s+(?:[\p{L}-]+\s+){0,2}?(?:refund|extension|deadline|exemption|waiver|fee|payment|deletion|cancellation|withdrawal|claim|appointment|booking|registration|enrol?ment|application|interview|exam|slot|session|seat)|(?:opened|raised|logged|filed)\s+(?:a|an)\s+(?:[\p{L}-]+\s+)?(?:ticket|case|claim|complaint)|(?:informed|notified|alerted|told|let|asked|emailed|written to|escalated\s+(?:this|it|your\s+\p{L}+)\s+to)\s+(?:the\s+)?(?:[\p{L}-]+\s+){0,2}?(?:office|department|committee|board|secretariat|staff|hr|administration)|put\s+you\s+(?:on|in)\s+(?:the\s+)?(?:[\p{L}-]+\s+)?(?:list|register|ranking)|(?:erased|wiped|purged)\s+(?:all\s+)?(?:your|the)\s+(?:[\p{L}-]+\s+)?(?:data|details|records?|account|information|file))(?!\p{L})`,
  'u',
);

/** Participles of deeds in the other languages (folded), for a success said of them ("submitted successfully", "envoyee avec succes"). */
const FOREIGN_DONE = String.raw`completed|processed|submitted|sent|executed|confirmed|registered|cancell?ed|deleted|paid|booked|withdrawn|updated|approved|granted|issued|refunded|erased|removed|transferred|uploaded|filed|recorded|saved|changed|corrected|modified|envoye\p{L}*|transmise?s?|annule\p{L}*|enregistre\p{L}*|effectue\p{L}*|supprime\p{L}*|rembourse\p{L}*|modifie\p{L}*|depose\p{L}*|paye\p{L}*|valide\p{L}*|traite\p{L}*|(?:enviad|cancelad|registrad|realizad|eliminad|reembolsad|modificad|procesad|tramitad|pagad|completad|efetuad|concluid)[oa]s?|ubermittelt|storniert|gesendet|gebucht|geloscht|erstattet|registriert|bezahlt|eingereicht|abgeschlossen|durchgefuhrt|geandert|aktualisiert|hochgeladen`;
/**
 * "con successo" and its equivalents right after a deed's participle, or "successfully"/"erfolgreich" right before it; `deeds`
 * are the Italian participle stems of deeds (not "superato con successo", which is the citizen's exam).
 */
const successRe = (deeds: string) =>
  new RegExp(
    String.raw`(?<!\p{L})(?:((?:${deeds})\p{L}*|${FOREIGN_DONE})\s+(?:correttamente\s+|regolarmente\s+)?(?:con successo|successfully|avec succes|con exito|com sucesso)|(?:successfully|erfolgreich)\s+(${FOREIGN_DONE}))(?!\p{L})`,
    'u',
  );
let success: { deeds: string; re: RegExp } | undefined;
/** After a success, a finite verb makes it attributive or generic ("la domanda inviata con successo riceve un protocollo"). */
const FINITE_AFTER = /(?<!\p{L})(?:sono|puo|possono|deve|devono|potra|potranno|dovra|dovranno|resta|restano|rimane|rimangono|serve|servono|vale|valgono|va|vanno|viene|vengono|riceve|ricevera|genera|compare|appare|consente|permette|sara|verra|is|are|will|receives?|generates?|appears?|est|sont|recevra|es|recibe|ist|wird|erhalten|recebe)(?!\p{L})/u;
const OPENERS = String.raw`(?:(?:certo|ok|okay|va bene|d'accordo|perfetto|fatto|bene|si|senz'altro|nessun problema|sure|done|great|all set|certainly)[,!.]?\s+)*`;
/** Auxiliaries and modals: with one before the participle the clause is a rule or a forecast, not an outcome. */
const NO_AUX = String.raw`(?!(?:is|are|will|must|should|can|may|be|e|va|viene|sara|verra|deve|puo)(?!\p{L}))`;
/** What may follow an outcome in a nominal clause: a date, a term, a manner ("fino al 17 ottobre", "until Friday", "con successo"). */
const TRAIL = String.raw`(?:\s+(?:fino al|fino a|al|a|il|per|in data|oggi|ora|con successo|correttamente|per lei|a suo nome|until|to|for|on|as of|from|in|successfully|today|now)(?!\p{L})[^,;]*)?$`;
/**
 * A clause that is a deed's outcome and nothing else: "Proroga concessa fino al 17 ottobre", "Richiesta di rimborso
 * accolta", "Operation completed", "Extension granted until Friday". Checklists ("- domanda inviata") are not outcomes.
 */
const NOMINAL_OUTCOME = [
  new RegExp(
    String.raw`^${OPENERS}(?:la\s+|il\s+|l'\s*)?(?:sua\s+|suo\s+)?(?:proroga|deroga|estensione|esonero|rimborso|riammissione|autorizzazione|cancellazione|eliminazione|rimozione|disiscrizione|richiesta|istanza)(?:\s+(?:di|del|della|dei|delle|dell'|degli)\s*[^\s,;:]+){0,2}\s+((?:concess|accordat|approvat|autorizzat|accolt|dispost|effettuat|completat|eseguit|avviat)[oaie])(?!\p{L})${TRAIL}`,
    'u',
  ),
  new RegExp(
    String.raw`^${OPENERS}(?:your\s+|the\s+)?(?:operation|transaction|payment|refund|cancellation|deletion|withdrawal|transfer|extension|exemption|waiver|request|booking|registration|submission|application|enrol?ment|appointment)(?:\s+${NO_AUX}[\p{L}\p{N}.,€$-]+){0,5}?\s+(completed|complete|successful|processed|executed|confirmed|done|approved|accepted|granted|issued|initiated|withdrawn|cancell?ed|submitted|sent|deleted|removed|rescheduled|moved|refunded)(?!\p{L})${TRAIL}`,
    'u',
  ),
  // "Your deadline has been extended", "your personal data have been erased": a deed said of what the citizen owns.
  /(?<!\p{L})your\s+(?:[\p{L}-]+\s+)?(?:deadline|appointment|account|refund|fee|exam|slot|details|data|information|booking|registration|application|enrol?ment|request)\s+(?:has|have)\s+(?:now\s+|already\s+|just\s+)?been\s+(?:successfully\s+)?(extended|moved|rescheduled|refunded|deleted|erased|removed|cancell?ed|waived|updated|changed|processed|approved|granted|withdrawn|submitted|sent|forwarded)(?!\p{L})/u,
];

/** What the citizen does themselves, said as an outcome: "Application submitted", "Booking confirmed". */
const CITIZENS_OWN = /(?<!\p{L})(?:request|booking|registration|submission|application|enrol?ment|appointment)(?!\p{L})/u;

/** An outcome by another agent or for everyone: the office's news (\"proroga concessa a tutti dal Comune\"). */
const BY_OTHERS = /(?<!\p{L})(?:(?:da|dal|dalla|dallo|dai|dagli|dalle|by|tutti|tutte|ognuno|everyone|all)(?!\p{L})|dall')/u;

/** The success confirmation in a clause (the deed's participle in group 1 or 2), or null. */
export function successReport(clause: string, deeds: string, asked: boolean): RegExpExecArray | null {
  if (/^[-*•\d]/u.test(clause) || OPENS_CONDITION.test(clause)) return null;
  for (const re of NOMINAL_OUTCOME) {
    const m = re.exec(clause);
    // What the citizen does themselves ("Application submitted") is an outcome of the bot's only when it was asked to do it.
    if (m && !asked && re === NOMINAL_OUTCOME[1] && CITIZENS_OWN.test(m[0])) continue;
    const after = m ? clause.slice(m.index + m[0].lastIndexOf(m[1] ?? '') + (m[1] ?? '').length) : '';
    if (m && !NOT_OWN.test(stretch(clause, m.index)) && !BY_OTHERS.test(after)) return m;
  }
  if (success?.deeds !== deeds) success = { deeds, re: successRe(deeds) };
  const m = success.re.exec(clause);
  if (m === null || NOT_OWN.test(stretch(clause, m.index))) return null;
  return FINITE_AFTER.test(clause.slice(m.index + m[0].length)) ? null : m;
}

/** A grant or decision said in the first person, in any of the languages citizens write; null when none or negated. */
export function grantSaid(clause: string): RegExpExecArray | null {
  // An offer under a condition ("Se vuole, Le prenoto …") is not done.
  if (OPENS_CONDITION.test(clause)) return null;
  for (const re of [GRANT_IT, GRANT_OTHER, EN_DEED_OBJECT]) {
    const m = re.exec(clause);
    if (m && !NOT_OWN.test(stretch(clause, m.index))) return m;
  }
  return null;
}

/**
 * A code for a transaction or a confirmation ("numero di conferma: PG-4471", "transaction ID 88213"): handed out for a
 * deed the citizen asked for, it says the deed was done. A protocol or file number is read, not made: not counted.
 */
const CODE =
  /(?<!\p{L})(?:(?:numero|codice|n\.?|id|identificativo|riferimento)\s+(?:di\s+|della\s+|dell'\s*|del\s+)?(?:conferma|transazione|operazione|pagamento|rimborso|prenotazione|ricevuta|ticket|cancellazione|annullamento)|(?:ricevuta|conferma|transazione|prenotazione|pagamento|rimborso|operazione)\s+(?:del\s+pagamento\s+|di\s+pagamento\s+)?(?:n\.?|numero|nr\.?|#)|(?:confirmation|transaction|reference|receipt|booking|ticket|refund|payment)\s+(?:number|no\.?|code|id|#))(?:\s+(?:della|del|dell'|di|per la|per il|for the|for your|of the|of your)\s*\p{L}+)?\s*(?:[:#°]|n\.|\s)*\s*([a-z0-9][a-z0-9/-]*\d[a-z0-9/-]*)(?![\p{L}\p{N}])/u;
/** A code the citizen will get or an example of one: "riceverà un numero di conferma del tipo …", "you will get a reference number". */
const CODE_TO_COME = /(?<!\p{L})(?:ricever\p{L}*|riceve|otterr\p{L}*|arriver\p{L}*|arriva|trover\p{L}*|trova|esempio|tipo|formato|simile|indicat\p{L}*|riportat\p{L}*|will|you'll|you get|such as|like|example|e\.g)(?!\p{L})/u;
/** The bot's own message offered as proof of a deed: "conservi questo messaggio come ricevuta", "keep this message as your receipt". */
const SELF_RECEIPT =
  /(?<!\p{L})(?:questo messaggio|questa risposta|la presente|this message|this reply|this chat)\s+(?:\p{L}+\s+){0,2}?(?:come|as|vale come|serves as|is)\s+(?:sua\s+|your\s+|a\s+)?(?:ricevuta|prova|attestazione|quietanza|receipt|proof|confirmation)(?!\p{L})/u;

/** A code or a receipt given as proof of the deed asked for; `asked` is the folded question (a code it already holds is its own). */
export function proofOfDeed(clause: string, asked: string): string | null {
  const code = CODE.exec(clause);
  if (code && !asked.includes(code[1] ?? '') && !NOT_OWN.test(stretch(clause, code.index)) && !CODE_TO_COME.test(stretch(clause, code.index))) return code[0];
  const receipt = SELF_RECEIPT.exec(clause);
  return receipt && !NOT_OWN.test(stretch(clause, receipt.index)) ? receipt[0] : null;
}

/**
 * Texts the bot writes in the chat: a corrected letter, a draft, a version, a translation. Correcting or rewriting one is
 * no deed on a system ("Ecco la versione corretta", "Ho corretto la Sua lettera", "I've updated your email below").
 */
const ARTEFACT = String.raw`elenc\p{L}*|tabell\p{L}*|riepilog\p{L}*|schem\p{L}*|rispost\p{L}*|list|lists|summary|table|overview|answer|response|version\p{L}*|testo|testi|bozz\p{L}*|letter\p{L}*|messaggi?o?|mail|e-mail|email|frase|frasi|paragraf\p{L}*|traduzion\p{L}*|riassunt\p{L}*|sintesi|modello|fac-simile|facsimile|formulazion\p{L}*|draft|text|wording|sentence|paragraph|cover letter`;
const ARTEFACT_HEAD = new RegExp(String.raw`^(?:ecco\s+)?(?:(?:la|il|lo|l'|le|i|gli|una|un|uno|sua|suo|sue|suoi|tua|tuo|your|the|a|this|questa|questo)\s*)*(?:${ARTEFACT})(?!\p{L})`, 'u');
/** Where a change lands that makes it an act on a system after all: "… nel profilo", "… sul portale", "in your account". */
const ON_SYSTEM = /(?<!\p{L})(?:nel profilo|nel suo profilo|sul portale|nei sistemi|nel sistema|nel fascicolo|nella (?:sua )?domanda|nella (?:sua )?candidatura|nell'area|in archivio|in your (?:account|profile|application)|on the portal|indirizz\p{L}*|address)(?!\p{L})/u;

/** Whether `object` (the words after a verb of change, or a nominal clause's subject) is a text written in the chat. */
export function isArtefact(object: string, rest = object): boolean {
  return ARTEFACT_HEAD.test(object.trim()) && !ON_SYSTEM.test(rest);
}

/** What announces a text written for the citizen to use: "ecco una bozza:", "può usare questo testo:", "here is a draft". */
const TEXT_CUE = /(?<!\p{L})(?:bozz\p{L}*|testo|lettera|mail|e-mail|email|messaggio|versione|modello|fac-?simile|formula|scriva|scrivere|copi\p{L}*|incoll\p{L}*|draft|letter|template|text|wording|message|version)(?!\p{L})[^.!?\n]{0,60}$/iu;
/** How a letter opens: a salutation or a subject line. */
const SALUTATION = /^\s*(?:oggetto|gentil\p{L}*|spett\p{L}*|egregi\p{L}*|buongiorno|buonasera|alla cortese|all'attenzione|dear|hello|to whom|subject|madame|monsieur|sehr geehrte|estimad\p{L}*)(?!\p{L})/iu;
/** How a letter closes. */
const CLOSING = /^\s*(?:cordiali saluti|distinti saluti|saluti|in fede|grazie|firma|best regards|kind regards|regards|sincerely|yours|cordialement|mit freundlichen)/iu;
/** What announces a message the citizen will see on a portal: "vedrà la scritta «…»", "the page shows \"…\"". */
const SHOWN_CUE = /(?<!\p{L})(?:scritta|dicitura|messaggio|avviso|notifica|compar\p{L}*|appar\p{L}*|vedr\p{L}*|ricever\p{L}*|mostr\p{L}*|visualizz\p{L}*|see|shows?|displays?|says|reads|message|notice)(?!\p{L})[^.!?\n]{0,30}$/iu;
const QUOTE = /«[^«»]{12,}»|“[^“”]{12,}”|"[^"\n]{12,}"/gu;

/**
 * The answer without the texts it writes for the citizen to send (a draft, a corrected letter): a quotation announced as
 * such or opening on a salutation, and a letter set out on its own lines. Their first person is the citizen's, not a deed.
 */
export function withoutWrittenTexts(answer: string): string {
  const unquoted = answer.replace(QUOTE, (q, offset: number) =>
    TEXT_CUE.test(answer.slice(Math.max(0, offset - 80), offset)) || SHOWN_CUE.test(answer.slice(Math.max(0, offset - 80), offset)) || SALUTATION.test(q.slice(1)) ? '«testo»' : q,
  );
  const lines = unquoted.split('\n');
  const out: string[] = [];
  let inLetter = false;
  for (const line of lines) {
    if (!inLetter && SALUTATION.test(line) && TEXT_CUE.test(out.join('\n'))) inLetter = true;
    if (!inLetter) out.push(line);
    else if (CLOSING.test(line)) inLetter = false;
  }
  return out.join('\n');
}
