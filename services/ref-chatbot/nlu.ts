// Rule-based understanding of a message: language, bando code, what is asked, search filters.
import type { Corpus } from './corpus.ts';
import { normalize } from './tools.ts';

export type Ask = 'deadline' | 'status' | 'posts' | 'requirements' | 'apply' | 'method' | 'location' | 'summary' | 'passage';

const CODE = /\bconc[-\s]?(\d{4})[-\s]?(\d{3,4})\b/i;

/** "il bando di prima", "quello precedente": the bando discussed before the current one. */
export function refersToPrevious(normalized: string): boolean {
  return /(bando|concorso|quello|selezione) (di prima|precedente)|primo bando|torniamo al|tornando al|previous (one|competition)/.test(normalized);
}

export function findCode(message: string): string | undefined {
  const m = CODE.exec(message);
  return m ? `CONC-${m[1]}-${(m[2] ?? '').padStart(4, '0')}` : undefined;
}

/** A bando named by its administration ("il concorso del Comune di Lecce") or its profile ("il bando per educatore di nido"). */
export function findByName(corpus: Corpus, normalized: string): string | undefined {
  const byEnte = corpus.records.filter((r) => {
    const ente = normalize((r.entiRiferimento[0] ?? '').split(' - ')[0] ?? '');
    return ente.length > 6 && normalized.includes(ente);
  });
  if (byEnte.length === 1) return byEnte[0]?.codice;
  const byProfile = corpus.records.filter((r) => (r.figuraRicercata ?? '').split(' - ')
    .map((part) => normalize(part).trim()).some((part) => part.length >= 8 && normalized.includes(part)));
  return byProfile.length === 1 ? byProfile[0]?.codice : undefined;
}

// Words that place a message inside the service's subject; a message with none of them is off-topic.
const DOMAIN = /band[oi]|concors|selezion|\bpost[oi]\b|scadenz|scade|domand|candid|requisit|inpa|assunz|graduatori|\bprov[ae]\b|esam|colloqui|lavor|impiego|laurea|diploma|titol|\bente\b|comune|regione|provincia|universita|azienda|ministero|concorrent|stipend|contratto|competition|\bjobs?\b|vacanc|position|apply|aiut|informazion|help|assist/;

export function inDomain(normalized: string): boolean {
  return DOMAIN.test(normalized);
}

export function isQuestion(message: string): boolean {
  return /\?\s*$/.test(message) || /^(c.e|ci sono|e |qual|come|dove|quando|quant|chi|cosa|serve|posso|devo|bisogna|si puo|e previst|e richiest)/i.test(message.trim());
}

const EN = /\b(the|what|when|how|which|where|is|are|there|any|can|deadline|apply|jobs?|positions?|requirements?|please|tell|about|many|open|i|my|you|your|do|does)\b/g;
const IT = /\b(il|la|lo|di|del|della|che|per|quali|quale|quando|come|sono|bando|concorsi?|posti|scadenza|e|un|una|mi|ci|non|si|dove|quanti)\b/g;

export function detectLanguage(normalized: string): 'it' | 'en' {
  const en = normalized.match(EN)?.length ?? 0;
  const it = normalized.match(IT)?.length ?? 0;
  return en >= 2 && en > it ? 'en' : 'it';
}

// Order matters: the first match wins ("titolo di studio" is a requirement, not the "titoli" of a method).
const ASKS: [Ask, RegExp][] = [
  ['status', /ancora aperto|ancora possibile|e aperto|e scaduto|e chiuso|posso ancora|still open|expired|is it open|e ancora valido/],
  ['deadline', /scadenz|scade|entro quando|entro (che|quale) (data|giorno)|che data|termine|fino a quando|ultimo giorno|deadline|due date|closing date|when .*(close|apply)/],
  ['posts', /quanti posti|numero (di|dei) posti|posti (disponibili|messi|a concorso)|quant[ie] (persone|assunzion|unita|vincitori|posizion)|how many (posts|positions|places|jobs|vacancies)/],
  ['requirements', /requisit|titol[oi] di studio|laure[ae]|diplom|chi puo partecipare|posso partecipare|ammess|patente|serve (la|il|un)|servono|requirement|degree|eligib|qualification/],
  ['apply', /come (si )?(fa|faccio|presenta|presento|presentare|partecipa|partecipo|partecipare|candid|invi|iscriv)|domanda di partecipazione|candidar|candidatura|(inviare|presentare|mandare|spedire|compilare|trasmettere|inoltrare|fare) (la )?domanda|dove (si )?(presenta|invia|devo)|how (do|can) i apply|how to apply|application/],
  ['method', /\bprov[ae]\b|esam[ie]|selezion|colloquio|come si svolge|modalita|per titoli|exam|selection|interview|\btests?\b/],
  ['location', /\bdove\b|sede|luogo di lavoro|in quale citta|where|location|workplace/],
  ['summary', /parlami|di cosa (si tratta|tratta)|descri|riassu|dettagli|informazioni|\binfo\b|tell me about|what is|summary|cos.? e (il|questo) (bando|concorso)/],
];

export function detectAsk(normalized: string): Ask | undefined {
  return ASKS.find(([, re]) => re.test(normalized))?.[0];
}

const SEARCH = /\b(cerc[ao]|cercare|trova(mi|re)? (dei |degli |un |una )?(bandi|concorsi|lavoro|posti|selezioni)|elenc[ao]|elencare|lista|quali (sono i )?(bandi|concorsi|selezioni)|ci sono (bandi|concorsi|selezioni|posti)|(bandi|concorsi|selezioni) (aperti|attivi|scaduti|in|a|per|nel|nella|della|del|di|disponibili)|search|find|list|are there)\b/;

export function isSearch(normalized: string): boolean {
  return SEARCH.test(normalized);
}

// Each region with the ways citizens write it (lower case, no accents).
export const REGIONI: [string, RegExp][] = [
  ['Abruzzo', /abruzz/], ['Basilicata', /basilicata/], ['Calabria', /calabri/], ['Campania', /campani/],
  ['Emilia-Romagna', /emilia|romagna/], ['Friuli-Venezia Giulia', /friuli/], ['Lazio', /\blazio\b/],
  ['Liguria', /liguri/], ['Lombardia', /lombard/], ['Marche', /\bmarche\b/], ['Molise', /\bmolise\b/],
  ['Piemonte', /piemont/], ['Puglia', /puglia|pugliese/], ['Sardegna', /sardegna|sard[oi]\b/], ['Sicilia', /sicilia/],
  ['Toscana', /toscan/], ['Trentino-Alto Adige', /trentino|alto adige|sudtirol/], ['Umbria', /umbri/],
  ["Valle d'Aosta", /valle d.?aosta|valdostan/], ['Veneto', /\bveneto\b/],
];

const CITTA: Record<string, string> = {
  bergamo: 'BG', milano: 'MI', brescia: 'BS', pisa: 'PI', firenze: 'FI', padova: 'PD', venezia: 'VE', verona: 'VR',
  napoli: 'NA', bari: 'BA', lecce: 'LE', sassari: 'SS', nuoro: 'NU', cagliari: 'CA', catania: 'CT', palermo: 'PA',
  trento: 'TN', bolzano: 'BZ', torino: 'TO', bologna: 'BO', genova: 'GE', perugia: 'PG', cosenza: 'CS', roma: 'RM',
};

// Profile words a citizen uses, mapped to the word the search tool looks for.
const PROFILI: [RegExp, string][] = [
  [/infermier/, 'infermiere'], [/polizia|vigil/, 'polizia locale'], [/educator|asilo|nido/, 'educatore'],
  [/amministrativ/, 'amministrativo'], [/contabil/, 'contabile'], [/geometr/, 'geometra'], [/\bmedic/, 'medico'],
  [/avvocat|legale/, 'avvocato'], [/archeolog/, 'archeologo'], [/ricercator/, 'ricercatore'], [/tecnolog/, 'tecnologo'],
  [/chimic/, 'chimico'], [/autist|scuolabus/, 'autista'], [/tributar|fiscal/, 'tributario'], [/dirigent/, 'dirigente'],
  [/giurisprudenza/, 'giurisprudenza'], [/informatic/, 'informatica'], [/sanit/, 'sanità'], [/istruttor/, 'istruttore'],
  [/ingegner/, 'ingegneria'], [/diplomat/, 'diploma'], [/\blaureat/, 'laurea'], [/nurse/, 'infermiere'], [/police/, 'polizia locale'], [/doctor/, 'medico'], [/lawyer/, 'avvocato'],
];

export interface SearchFilters { testo?: string; regione?: string; provincia?: string; stato?: 'aperti' | 'scaduti' }

export function searchFilters(normalized: string): SearchFilters {
  const filters: SearchFilters = {};
  const regione = REGIONI.find(([, re]) => re.test(normalized))?.[0];
  if (regione) filters.regione = regione;
  const city = Object.keys(CITTA).find((c) => new RegExp(`\\b${c}\\b`).test(normalized));
  if (city) filters.provincia = CITTA[city];
  const words = PROFILI.filter(([re]) => re.test(normalized)).map(([, w]) => w);
  if (words.length > 0) filters.testo = [...new Set(words)].join(' ');
  if (/\b(aperti|attivi|ancora aperti|in corso|non scaduti|open|current)\b/.test(normalized)) filters.stato = 'aperti';
  else if (/\b(scaduti|chiusi|expired|closed)\b/.test(normalized)) filters.stato = 'scaduti';
  return filters;
}
