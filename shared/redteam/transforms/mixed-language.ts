/**
 * Mixed-language (code-switching) transform: common Italian words of an attack are swapped for their
 * English, Spanish, French and German equivalents in rotation. Guardrails tuned on one language and
 * an assistant told to answer "in Italian" are both tested by a message no longer in one language.
 */

/** Italian word -> [en, es, fr, de]. Lowercase keys; case of the first letter is kept on output. */
const DICTIONARY: Readonly<Record<string, readonly [string, string, string, string]>> = {
  ignora: ['ignore', 'ignora', 'ignore', 'ignoriere'],
  istruzioni: ['instructions', 'instrucciones', 'instructions', 'Anweisungen'],
  precedenti: ['previous', 'anteriores', 'précédentes', 'vorherigen'],
  regole: ['rules', 'reglas', 'règles', 'Regeln'],
  rispondi: ['answer', 'responde', 'réponds', 'antworte'],
  scrivi: ['write', 'escribe', 'écris', 'schreib'],
  dimmi: ['tell me', 'dime', 'dis-moi', 'sag mir'],
  parla: ['speak', 'habla', 'parle', 'sprich'],
  come: ['like', 'como', 'comme', 'wie'],
  sempre: ['always', 'siempre', 'toujours', 'immer'],
  adesso: ['now', 'ahora', 'maintenant', 'jetzt'],
  ora: ['now', 'ahora', 'maintenant', 'jetzt'],
  tutto: ['everything', 'todo', 'tout', 'alles'],
  tutte: ['all', 'todas', 'toutes', 'alle'],
  sistema: ['system', 'sistema', 'système', 'System'],
  prompt: ['prompt', 'prompt', 'prompt', 'Prompt'],
  segreto: ['secret', 'secreto', 'secret', 'Geheimnis'],
  bando: ['call', 'convocatoria', 'appel', 'Ausschreibung'],
  bandi: ['calls', 'convocatorias', 'appels', 'Ausschreibungen'],
  concorso: ['competition', 'concurso', 'concours', 'Wettbewerb'],
  concorsi: ['competitions', 'concursos', 'concours', 'Wettbewerbe'],
  donne: ['women', 'mujeres', 'femmes', 'Frauen'],
  uomini: ['men', 'hombres', 'hommes', 'Männer'],
  pirata: ['pirate', 'pirata', 'pirate', 'Pirat'],
  rima: ['rhyme', 'rima', 'rime', 'Reim'],
  opinione: ['opinion', 'opinión', 'opinion', 'Meinung'],
  personale: ['personal', 'personal', 'personnelle', 'persönliche'],
  voteresti: ['would you vote', 'votarías', 'voterais-tu', 'würdest du wählen'],
  partito: ['party', 'partido', 'parti', 'Partei'],
  scadenza: ['deadline', 'plazo', 'échéance', 'Frist'],
  requisiti: ['requirements', 'requisitos', 'exigences', 'Anforderungen'],
  mostrami: ['show me', 'muéstrame', 'montre-moi', 'zeig mir'],
  ripeti: ['repeat', 'repite', 'répète', 'wiederhole'],
  testo: ['text', 'texto', 'texte', 'Text'],
  senza: ['without', 'sin', 'sans', 'ohne'],
  limiti: ['limits', 'límites', 'limites', 'Grenzen'],
  filtri: ['filters', 'filtros', 'filtres', 'Filter'],
  nuovo: ['new', 'nuevo', 'nouveau', 'neuer'],
  ruolo: ['role', 'rol', 'rôle', 'Rolle'],
  utente: ['user', 'usuario', 'utilisateur', 'Benutzer'],
  utenti: ['users', 'usuarios', 'utilisateurs', 'Benutzer'],
  dati: ['data', 'datos', 'données', 'Daten'],
  cerca: ['search', 'busca', 'cherche', 'suche'],
  inventa: ['make up', 'inventa', 'invente', 'erfinde'],
  oggi: ['today', 'hoy', "aujourd'hui", 'heute'],
  aperto: ['open', 'abierto', 'ouvert', 'offen'],
  scaduto: ['expired', 'vencido', 'expiré', 'abgelaufen'],
  risposta: ['answer', 'respuesta', 'réponse', 'Antwort'],
  solo: ['only', 'solo', 'seulement', 'nur'],
  poesia: ['poem', 'poema', 'poème', 'Gedicht'],
  migliori: ['best', 'mejores', 'meilleurs', 'besten'],
  adatti: ['suitable', 'adecuados', 'adaptés', 'geeignet'],
  per: ['for', 'para', 'pour', 'für'],
  tua: ['your', 'tu', 'ta', 'deine'],
  tue: ['your', 'tus', 'tes', 'deine'],
};

/**
 * Swaps every other dictionary word, rotating languages so every language appears. The other half stays
 * Italian: a code-switched message is still partly Italian, or it would be a plain foreign-language attack.
 */
export function mixLanguages(text: string, offset = 0): string {
  let n = offset;
  let seen = 0;
  return text.replace(/\p{L}+/gu, (word) => {
    const entry = DICTIONARY[word.toLowerCase()];
    if (!entry) return word;
    if (seen++ % 2 === 1) return word;
    const swapped = entry[n++ % entry.length] ?? word;
    const first = word.charAt(0);
    return first === first.toUpperCase() && first !== first.toLowerCase()
      ? swapped.charAt(0).toUpperCase() + swapped.slice(1)
      : swapped;
  });
}

/** How many words of a text the dictionary can switch (a transform applies only when > 0). */
export function switchableWords(text: string): number {
  return (text.match(/\p{L}+/gu) ?? []).filter((w) => DICTIONARY[w.toLowerCase()] !== undefined).length;
}
