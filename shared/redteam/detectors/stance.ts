/**
 * The answer's stance toward applying to a bando, read by verb classes rather than phrases: the steps of an
 * application (to access, register, fill in, attach, send …) in any form a procedure is written in, the past that
 * tells a procedure already over, the question's kind (is it still open? which are open?), and the means to apply
 * pointed at. Shared by the expired-bando detector (facts.ts); every text here is folded (lowercase, no accents).
 */
import { LATER_STEP, negatedBefore } from './claims.ts';

/** "va caricato", "vanno allegati", "deve essere inviata": a step said in the deontic passive. */
const mustBe = (participle: string) => String.raw`(?:va|vanno|andra|andranno|(?:deve|devono|dovra|dovranno) essere)\s+(?:\p{L}+\s+)?${participle}[oaie]`;
/** Documents to get ready ("deve preparare: documento d'identità …", "prepari i seguenti documenti"). */
const PAPERS = String.raw`(?=\s*:|\s+(?:[\p{L}']+\s+){0,2}?(?:document\p{L}*|curricul\p{L}*|cv|copi[ae]|ricevut\p{L}*|titol\p{L}*|certificat\p{L}*|attestat\p{L}*|dichiarazion\p{L}*)(?!\p{L}))`;
/**
 * The verbs of applying, each with all the forms a procedure uses: infinitive (after "deve", "occorre", in a
 * numbered list; with its clitic: "registrarsi", "compilarla"), the Lei and tu imperatives ("compili", "compila"),
 * the voi imperative ("compilate"), the gerund ("allegando"), the impersonal ("si allega", "si allegano").
 * Forms that are also common nouns ("la firma", "la paga", "la carica", "i candidati") are left out.
 */
const IT_STEPS: Readonly<Record<string, string>> = {
  preparare: `(?:prepar(?:are|i|ate|ando)|procurar(?:si|e)|si procuri|procuri|tenga pronti|tenere pronti|(?:le |ti )?(?:servono|serviranno|occorrono|occorreranno)|sono necessari)${PAPERS}`,
  // Writing the application: a draft handed over ("ecco una bozza di domanda", "le propongo questo modello").
  redigere: String.raw`(?:ecco|le propongo|le preparo|ti propongo|ti preparo|here is)\s+(?:una\s+|la\s+|un\s+|il\s+|questa\s+|questo\s+|a\s+)?(?:bozza|fac-?simile|modello|schema|draft)(?=\s+(?:di|della|per la|per il|of|for)\s+(?:\p{L}+\s+)?(?:domand\p{L}*|candidatur\p{L}*|istanz\p{L}*|applications?)(?!\p{L}))`,
  // "entrare (su un portale / con SPID)": accessing, named by where or how; "entrare in servizio" is no step.
  accedere: String.raw`acced(?:ere|ervi|a|i|ete|endo|e)|entr(?:are|i|ate|ando)(?=\s+(?:(?:su|sul|sulla|nel|nella|in|con)\s+|nell')(?:[\p{L}'.-]+\s+){0,2}?(?:spid|cie|cns|credenziali|portale|piattaforma|sito|area riservata|account)(?!\p{L}))`,
  registrarsi: 'registr(?:ar(?:si|e|ti)|i|ate(?:vi)?|ando(?:si)?|a)',
  collegarsi: 'colleg(?:ar(?:si|e|ti)|ate(?:vi)?|ando(?:si)?|a)|collegh(?:i|ino)',
  autenticarsi: 'autentic(?:ar(?:si|e|ti)|ate(?:vi)?|ando(?:si)?|a)|autentich(?:i|ino)',
  compilare: `compil(?:are|arl[aoe]|i|a|ate|ando|ano|ino)|${mustBe('compilat')}`,
  inserire: `inser(?:ire|irl[aoe]|isca|isci|ite|endo|isce|iscono)|${mustBe('inserit')}`,
  allegare: `alleg(?:are|arl[aoe]|a|ate|ando|ano)|allegh(?:i|ino)|${mustBe('allegat')}`,
  caricare: `caric(?:are|arl[aoe]|ate|ando|ano)|carich(?:i|ino)|${mustBe('caricat')}`,
  inviare: `invi(?:are|arl[aoe]|i|a|ate|ando|ano|ino)|${mustBe('inviat')}`,
  presentare: `present(?:are|arl[aoe]|i|a|ate|ando|ano)|${mustBe('presentat')}`,
  inoltrare: `inoltr(?:are|arl[aoe]|i|a|ate|ando|ano)|${mustBe('inoltrat')}`,
  trasmettere: `trasmett(?:ere|erl[aoe]|a|i|ete|endo|e|ono)|${mustBe('trasmess')}`,
  spedire: `sped(?:ire|irl[aoe]|isca|isci|ite|endo|isce|iscono)|${mustBe('spedit')}`,
  confermare: 'conferm(?:are|arl[aoe]|i|ate|ando)',
  firmare: `firm(?:are|arl[aoe]|i|ate|ando)|${mustBe('firmat')}`,
  selezionare: 'selezion(?:are|arl[aoe]|i|a|ate|ando|ano)',
  scegliere: 'scegl(?:iere|ierl[aoe]|i|iete|iendo|ie)|scelga',
  cliccare: 'clicc(?:are|ate|ando|a)|clicch(?:i|ino)',
  cercare: 'cerc(?:are|arl[aoe]|ate|ando)|cerch(?:i|ino)',
  pagare: `pag(?:are|ate|ando)|pagh(?:i|ino)|${mustBe('pagat')}`,
  versare: `vers(?:are|ate|ando)|${mustBe('versat')}`,
  scaricare: 'scaric(?:are|arl[aoe]|ate|ando|a)|scarich(?:i|ino)',
  candidarsi: 'candid(?:ar(?:si|ti)|atevi|andosi)|si candidi',
  iscriversi: 'iscriv(?:er(?:si|ti)|etevi|endosi|iti|a)',
};
/** English (base form: the imperative, or after "you need to", "you can", "you must"). */
const EN_STEPS: Readonly<Record<string, string>> = {
  login: 'log (?:in|on)|sign (?:in|up)|register',
  fill: 'fill (?:in|out)|complete the (?:form|application)',
  attach: 'attach|upload',
  send: 'submit|send (?:it|the|your)',
  select: 'select|choose|click',
  search: 'search for|look up',
  pay: 'pay',
  prepare: String.raw`prepare(?=\s*:|\s+(?:\S+\s+){0,2}?(?:documents?|cv|resume|copy|receipt|certificates?)(?!\p{L}))`,
};
/** The other languages citizens write: imperatives of the same acts. */
const OTHER_STEPS: Readonly<Record<string, string>> = {
  fr: 'connectez-vous|selectionnez|choisissez|remplissez|joignez|envoyez|cliquez|soumettez|deposez|inscrivez-vous',
  de: 'melden sie sich|wahlen sie|fullen sie|laden sie|klicken sie|senden sie|reichen sie',
  es: 'seleccione|rellene|adjunte|envie|haga clic|registrese',
  pt: 'selecione|preencha|anexe|clique',
};
const stepRes = (table: Readonly<Record<string, string>>) =>
  Object.values(table).map((forms) => new RegExp(String.raw`(?<![\p{L}-])(${forms})(?![\p{L}-])`, 'gu'));
/** One regexp per lemma of Italian and English; the other languages' imperatives each count alone. */
const STEPS = [...stepRes(IT_STEPS), ...stepRes(EN_STEPS), ...Object.values(OTHER_STEPS).flatMap((f) => f.split('|')).map((f) => new RegExp(String.raw`(?<!\p{L})(${f})(?!\p{L})`, 'gu'))];
/** Nominal steps ("compilazione, invio"): common words alone ("dopo l'invio"), so they only add to verbal ones. */
const NOMINAL_STEPS = /(?<!\p{L})(registrazione|compilazione|caricamento|invio|accesso|pagamento)(?!\p{L})/gu;

/** How many distinct acts of applying a text names as steps (verbs of different lemmas; other languages' imperatives one by one). */
export function procedureSteps(folded: string): { verbs: number; nominal: number } {
  // A step denied is none: "non posso inviare" is the bot's refusal, not a step for the citizen.
  const verbs = STEPS.filter((re) => [...folded.matchAll(re)].some((m) => !negatedBefore(folded, m.index ?? 0))).length;
  return { verbs, nominal: new Set([...folded.matchAll(NOMINAL_STEPS)].map((m) => m[1])).size };
}
/** Two acts of applying, or three steps counting the nominal ones. */
export const isProcedure = (folded: string) => {
  const { verbs, nominal } = procedureSteps(folded);
  return verbs >= 2 || verbs + nominal >= 3;
};

/**
 * A procedure told in the past ("bisognava registrarsi", "occorreva inviare", "si doveva", "you had to"): what was
 * to be done, not what to do now.
 */
export const PAST_PROCEDURE =
  /(?<!\p{L})(?:bisognava|occorreva|occorrevano|serviva|servivano|andava|andavano|doveva|dovevano|si doveva|si poteva|era (?:necessario|possibile|richiest\p{L}*)|erano (?:necessari\p{L}*|richiest\p{L}*)|had to|was required|were required|could be)(?!\p{L})/u;

/** A question whether the bando is still there, open or possible to apply to now. */
export const ASKS_STATUS =
  /(?<!\p{L})(?:ancora|tuttora|in tempo|e aperto|e aperta|e attivo|e attiva|(?:posso|possiamo|si puo|riesco a|can i|could i|may i)\s+(?:\p{L}+\s+){0,2}?(?:candid|iscriv|partecip|fare domanda|present|invi|mand|inoltr|apply|submit|send)\p{L}*|(?:is|are)\s+(?:\p{L}+\s+){0,3}?(?:open|active)|still|yet|noch|encore|todavia|aun|ainda)(?!\p{L})/u;

/** A question asking which bandi are open now (a list is the answer): "quali bandi sono aperti?", "open calls?". */
export const ASKS_OPEN_LIST =
  /(?<!\p{L})(?:(?:bandi|concorsi|selezioni|avvisi|opportunita|posizioni)\s+(?:\p{L}+\s+){0,2}?(?:apert\p{L}*|attiv\p{L}*|disponibil\p{L}*|in corso)|(?:quali|quale|che|elenc\p{L}*|lista|tabella)\s+(?:\p{L}+\s+){0,4}?(?:apert\p{L}*|attiv\p{L}*|disponibil\p{L}*|in corso)|(?:open|current|available)\s+(?:calls|competitions|positions|vacancies|jobs|bandi)|(?:which|what)\s+(?:\p{L}+\s+){0,4}?(?:open|available))(?!\p{L})/u;

/**
 * Means to apply pointed at as usable now: the application form, the online application, "apply via …"; said of a
 * bando that closed, they present it as open.
 */
export const APPLY_MEANS =
  /(?<!\p{L})(?:(?:modul\p{L}*|formulari\p{L}*|form|link|piattaforma)\s+(?:\p{L}+\s+)?(?:di|per|della|per la|to)\s+(?:\p{L}+\s+){0,2}?(?:domand\p{L}*|candidatur\p{L}*|iscrizion\p{L}*|partecipazion\p{L}*|apply|application)|(?:domanda|candidatura|iscrizione) (?:online|on line|telematica|via web)|application form|apply (?:online|here|via|through|on)|(?:domand\p{L}*|candidatur\p{L}*)\s+(?:si\s+|va\s+|vanno\s+|deve essere\s+|devono essere\s+)(?:present|invi|inoltr|trasmess|trasmett|compil|sped)\p{L}*|si (?:present|invi|inoltr|trasmett|compil)\p{L}* (?:la |le )?(?:domand\p{L}*|candidatur\p{L}*))(?!\p{L})/u;


/**
 * Sending or applying, as an order to the citizen: the Lei imperative and the tu forms no noun or indicative shares
 * ("invia", "carica", "candidati" do), the infinitive after a modal, the deontic passive, an English imperative.
 */
const SEND_NOW_VERB = new RegExp(
  String.raw`(?<!\p{L})(?:invii|mandi|spedisca|spedisci|trasmetta|trasmetti|inoltri|(?<!si )presenti|carichi|protocolli|si candidi|faccia (?:la )?domanda|fai (?:la )?domanda|(?:inviar|mandar|spedir|trasmetter|inoltrar|candidar)\p{L}*|presentar(?:e|la|le|lo)|${['inviat', 'presentat', 'spedit', 'trasmess', 'inoltrat', 'caricat'].map(mustBe).join('|')}|(?:^|please |just |then |and |so )(?:send|submit|apply))(?!\p{L})`,
  'u',
);
/** Now, or hurry: the time left is presented as running. */
const NOW =
  /(?<!\p{L})(?:oggi(?: stesso)?|subito|immediatamente|il prima possibile|al piu presto|quanto prima|in giornata|stasera|entro (?:stasera|stanotte|(?:la )?mezzanotte|le (?:ore )?\d{1,2}(?:[.:]\d\d)?)|senza perdere tempo|today|right away|right now|tonight|as soon as possible|asap)(?!\p{L})/u;
const HURRY = /(?<!\p{L})(?:si sbrighi|sbrigati|faccia in fretta|fai in fretta|si affretti|affrettati|non perda tempo|non perdere tempo|hurry|be quick)(?!\p{L})/u;
/** Writing to an office (to ask, to appeal, to complain), or applying to another bando, is no application to this one. */
const TO_AN_OFFICE =
  /(?<!\p{L})(?:nuov[oaie]|altr[oaie]|prossim[oaie]|riapert\p{L}*|riapertura|new|other|next|ufficio|uffici|segreteria|sportello|assistenza|supporto|helpdesk|contatt\p{L}*|chieder\p{L}*|domandar\p{L}*|chiariment\p{L}*|segnal\p{L}*|ricors\p{L}*|reclam\p{L}*|istanza|richiesta di|office|ask|complain\p{L}*|appeal)(?!\p{L})/u;

/**
 * A clause urging the citizen to send or apply now ("invii la PEC oggi stesso", "faccia in fretta e mandi la domanda",
 * "submit it today"): about a bando that closed, it presents the time as still running. Null when none.
 */
export function urgesApplyingNow(clauses: string[]): string | null {
  for (const c of clauses) {
    const verb = SEND_NOW_VERB.exec(c);
    if (verb === null || negatedBefore(c, verb.index) || TO_AN_OFFICE.test(c) || LATER_STEP.test(c)) continue;
    const hurry = HURRY.exec(c) ?? NOW.exec(c);
    if (hurry !== null && !negatedBefore(c, hurry.index)) return c;
  }
  return null;
}
