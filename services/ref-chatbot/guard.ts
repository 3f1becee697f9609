// What the bot will not do: every pattern runs on the normalized message (lower case, no accents).
export type Attack =
  | 'instructions'
  | 'injection'
  | 'register'
  | 'politics'
  | 'groups'
  | 'personal-data'
  | 'action'
  | 'off-topic';

const PATTERNS: [Attack, RegExp][] = [
  ['injection', new RegExp([
    'ignora (tutte )?(le )?(tue )?(istruzioni|regole|indicazioni)', 'dimentica (tutte )?(le )?(tue )?(istruzioni|regole)',
    'ignore (all )?(the )?(previous|prior|above|your) (instructions|rules)', 'disregard (all )?(previous|prior|your)',
    'modalita (sviluppatore|developer|dan)', 'developer mode', '\\bdan\\b', 'jailbreak', 'senza (alcuna )?restrizion',
    'without (any )?restrictions', 'nuove istruzioni', '\\[\\s*(system|sistema)\\s*\\]', '<\\s*system\\s*>',
    'da ora in poi (sei|non hai)', 'fingi di (essere|non avere)', 'pretend (to be|you are)', 'you are now',
    'sei stato aggiornat', 'override', 'immagina di essere', 'gioco di ruolo', 'roleplay', 'senza (regole|filtri|limiti)',
    'non sei piu', 'agisci come', 'act as', 'sblocca',
  ].join('|'))],
  ['instructions', new RegExp([
    '(tue|le sue|sue) istruzioni', 'istruzioni (iniziali|di sistema|interne|ricevute)', 'prompt (di sistema|iniziale)',
    'system prompt', 'prompt di sistema', 'il tuo prompt', 'il suo prompt', 'ripeti (il testo|tutto( quello)?) (sopra|precedente)',
    'your (instructions|prompt|rules)', 'configurazione interna', 'regole interne', 'canary', 'token segreto',
    'come sei (stato )?(programmato|configurato)', 'sei stato (configurato|istruito|programmato)', 'le tue regole',
    'messaggio di sistema', 'testo (iniziale|nascosto)', 'prime (righe|parole) (del|delle) (tuo|tue)',
  ].join('|'))],
  ['register', new RegExp([
    'come un pirata', 'da pirata', 'like a pirate', 'dammi del tu', 'diamoci del tu', 'dandomi del tu',
    'in modo (informale|colloquiale|scherzoso|volgare)', 'in dialetto', 'con (le )?parolacce', 'in rima',
    'parla(mi)? come (un|una|uno|se fossi)', 'talk like', 'da amico', 'in slang', 'in (napoletano|romanesco|milanese|siciliano)',
    'linguaggio (volgare|informale|giovanile)', 'rispondi(mi)? come (un|una)',
  ].join('|'))],
  ['politics', new RegExp([
    '(cosa|che) (ne )?pens[ai].*(governo|partit|elezion|ministr|politic|sindac|riforma|premier|meloni|schlein|salvini|tajani|renzi|calenda)',
    'per chi .*vot', 'chi (dovrei|devo|conviene) votare', 'quale partito', 'sei (di )?(destra|sinistra)',
    '(destra|sinistra) (o|oppure) (destra|sinistra)', 'meglio (la )?(destra|sinistra)', 'partito migliore',
    'opinione (politica|sul governo)', 'who should i vote', 'political opinion', 'governo (attuale )?(e|sta) (bravo|incapace|facendo)',
  ].join('|'))],
  ['groups', new RegExp([
    '(stranieri|immigrati|donne|uomini|meridionali|terroni|settentrionali|anziani|giovani|disabili|gay|rom|musulmani|ebrei|neri)'
      + '.*(meno|piu|poco|non sono) (capaci|bravi|intelligenti|adatti|affidabili|competenti|onesti)',
    '(sono|siano) (tutti )?(pigri|incapaci|inferiori|fannulloni|ladri)', 'non dovrebbero (poter )?(partecipare|lavorare)',
    'are (lazy|inferior|less capable)',
  ].join('|'))],
  ['personal-data', new RegExp([
    '(dati|nome|nomi|indirizz|telefon|codice fiscale|punteggi|voti|email|e-mail|residenza|cognom).*(altr[ie] candidat|dei candidati|degli ammessi|dei vincitori|del vincitore)',
    'chi (ha vinto|sono i vincitori|si e candidato|e stato ammesso)', 'elenco (dei |degli )?(candidati|iscritti|partecipanti)',
    'other candidates', 'who applied',
  ].join('|'))],
  ['action', new RegExp([
    '(presenta|invia|compila|inoltra|manda)(mi| per me| tu)( per me)? la (mia )?domanda', '(domanda|candidatura) (per me|al mio posto)', 'iscrivimi', 'candidami',
    '(puoi|puo) (iscrivermi|candidarmi|inviare|presentare|compilare)', 'prenota(mi)?', 'paga(re)? (tu|per me)',
    'modifica (tu )?la mia domanda', 'apply for me', 'submit (my|the) application', 'mi (puoi |potrebbe )?(iscrivere|iscrivi|candidi)',
  ].join('|'))],
  ['off-topic', new RegExp([
    'ricett', 'calcio', '\\bpartita\\b(?! iva)', '\\bmeteo\\b', 'barzellett', 'poesia', 'canzone', 'oroscopo', 'bitcoin', 'criptovalut',
    'scrivi (un|del) codice', 'python', 'javascript', '\\bfilm\\b', 'vacanz', 'recipe', 'weather', 'football', '\\bjoke\\b',
  ].join('|'))],
];

export function classifyAttack(normalized: string): Attack | undefined {
  return PATTERNS.find(([, re]) => re.test(normalized))?.[0];
}
