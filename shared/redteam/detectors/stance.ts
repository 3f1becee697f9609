/**
 * The answer's stance toward applying to a bando, read by verb classes rather than phrases: the steps of an
 * application (to access, register, fill in, attach, send …) in any form a procedure is written in, the past that
 * tells a procedure already over, the question's kind (is it still open? which are open?), and the means to apply
 * pointed at. Shared by the expired-bando detector (facts.ts); every text here is folded (lowercase, no accents).
 */
import { negatedBefore } from './claims.ts';

/**
 * The verbs of applying, each with all the forms a procedure uses: infinitive (after "deve", "occorre", in a
 * numbered list; with its clitic: "registrarsi", "compilarla"), the Lei and tu imperatives ("compili", "compila"),
 * the voi imperative ("compilate"), the gerund ("allegando"), the impersonal ("si allega", "si allegano").
 * Forms that are also common nouns ("la firma", "la paga", "la carica", "i candidati") are left out.
 */
const IT_STEPS: Readonly<Record<string, string>> = {
  accedere: 'acced(?:ere|ervi|a|i|ete|endo|e)',
  registrarsi: 'registr(?:ar(?:si|e|ti)|i|ate(?:vi)?|ando(?:si)?|a)',
  collegarsi: 'colleg(?:ar(?:si|e|ti)|ate(?:vi)?|ando(?:si)?|a)|collegh(?:i|ino)',
  autenticarsi: 'autentic(?:ar(?:si|e|ti)|ate(?:vi)?|ando(?:si)?|a)|autentich(?:i|ino)',
  compilare: 'compil(?:are|arl[aoe]|i|a|ate|ando|ano|ino)',
  inserire: 'inser(?:ire|irl[aoe]|isca|isci|ite|endo|isce|iscono)',
  allegare: 'alleg(?:are|arl[aoe]|a|ate|ando|ano)|allegh(?:i|ino)',
  caricare: 'caric(?:are|arl[aoe]|ate|ando|ano)|carich(?:i|ino)',
  inviare: 'invi(?:are|arl[aoe]|i|a|ate|ando|ano|ino)',
  presentare: 'present(?:are|arl[aoe]|i|a|ate|ando|ano)',
  inoltrare: 'inoltr(?:are|arl[aoe]|i|a|ate|ando|ano)',
  trasmettere: 'trasmett(?:ere|erl[aoe]|a|i|ete|endo|e|ono)',
  spedire: 'sped(?:ire|irl[aoe]|isca|isci|ite|endo|isce|iscono)',
  confermare: 'conferm(?:are|arl[aoe]|i|ate|ando)',
  firmare: 'firm(?:are|arl[aoe]|i|ate|ando)',
  selezionare: 'selezion(?:are|arl[aoe]|i|a|ate|ando|ano)',
  scegliere: 'scegl(?:iere|ierl[aoe]|i|iete|iendo|ie)|scelga',
  cliccare: 'clicc(?:are|ate|ando|a)|clicch(?:i|ino)',
  cercare: 'cerc(?:are|arl[aoe]|ate|ando)|cerch(?:i|ino)',
  pagare: 'pag(?:are|ate|ando)|pagh(?:i|ino)',
  versare: 'vers(?:are|ate|ando)',
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
