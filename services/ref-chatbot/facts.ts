// Facts read from a bando's full text (the output of the reading tool): the bot answers from these, never
// from the feed, so what it says is what the document says.
import { MESI, type Deadline } from './dates.ts';
import { normalize } from './tools.ts';

export type Metodo = 'esami' | 'titoli ed esami' | 'titoli e colloquio';

export interface BandoFacts {
  ente: string;
  oggetto: string;
  posti: number | undefined;
  scadenza: Deadline | undefined;
  metodo: Metodo | undefined;
  sede: string | undefined;
  requisiti: string[];
  domanda: string | undefined;
  prove: string[];
}

const NUMBER_WORDS: Record<string, number> = {
  uno: 1, una: 1, due: 2, tre: 3, quattro: 4, cinque: 5, sei: 6, sette: 7, otto: 8, nove: 9, dieci: 10,
  undici: 11, dodici: 12, venti: 20, trenta: 30,
};

function lines(text: string): string[] {
  return text.split('\n').map((l) => l.trim()).filter((l) => l !== '');
}

/** Strips the "1." / "a)" numbering a bando puts in front of its paragraphs. */
function clean(line: string): string {
  return line.replace(/^(\d+\.|[a-z]\))\s+/, '').replace(/[;:]$/, '.');
}

/** Paragraphs of the article whose heading matches (from "Art. N - <heading>" to the next "Art."). */
function article(text: string, heading: RegExp): string[] {
  const all = lines(text);
  const start = all.findIndex((l) => /^Art\. \d+/.test(l) && heading.test(l));
  if (start < 0) return [];
  const rest = all.slice(start + 1);
  const end = rest.findIndex((l) => /^Art\. \d+/.test(l));
  return end < 0 ? rest : rest.slice(0, end);
}

function readPosti(text: string): number | undefined {
  const m = /n\.\s*(\d+)\s*\(([a-z]+)\)\s*(?:post[io]|unit)/i.exec(text);
  if (!m) return undefined;
  const digits = Number(m[1]);
  const word = NUMBER_WORDS[(m[2] ?? '').toLowerCase()];
  // The figure and the word must agree; when they do not, the bando is ambiguous and the bot says nothing.
  return word === undefined || word === digits ? digits : undefined;
}

function readScadenza(text: string): Deadline | undefined {
  const m = /entro (?:e non oltre )?le ore (\d{1,2})[:.](\d{2}) del (?:giorno )?(\d{1,2}) ([a-z]+) (\d{4})/i.exec(text);
  if (!m) return undefined;
  const month = MESI.indexOf((m[4] ?? '').toLowerCase()) + 1;
  if (month === 0) return undefined;
  return { day: Number(m[3]), month, year: Number(m[5]), time: `${(m[1] ?? '').padStart(2, '0')}:${m[2]}` };
}

function readMetodo(text: string): Metodo | undefined {
  const m = /(?:concorso pubblico|selezione pubblica),? per (titoli ed esami|titoli e colloquio|esami)/i.exec(text);
  return m ? (m[1]?.toLowerCase() as Metodo) : undefined;
}

export function readFacts(text: string): BandoFacts {
  const all = lines(text);
  const codeLine = all.findIndex((l) => l.startsWith('Codice bando:'));
  const header = all.slice(0, Math.max(codeLine, 1));
  const requisiti = article(text, /requisit/i);
  const domandaArt = article(text, /domand/i);
  const proveArt = article(text, /prov|colloquio|valutazione/i);
  const sede = all.find((l) => /sede di (lavoro|servizio)/i.test(l));
  const domanda = domandaArt.find((l) => /domanda/i.test(l) && /entro/i.test(l)) ?? domandaArt[0];
  return {
    ente: header[header.length - 1] ?? '',
    oggetto: all[codeLine + 1] ?? '',
    posti: readPosti(text),
    scadenza: readScadenza(text),
    metodo: readMetodo(text),
    sede: sede === undefined ? undefined : clean(sede),
    requisiti: requisiti
      .filter((l) => /titolo di studio|laurea|diploma|dottorato|patente|abilitazione|specializzazione|iscrizione all.albo|esperienza/i.test(l))
      .map(clean),
    domanda: domanda === undefined ? undefined : clean(domanda),
    prove: proveArt.filter((l) => /prova|prove|colloquio/i.test(l)).slice(0, 3).map(clean),
  };
}

// Words too common in questions about a bando to say what is asked.
const STOP = new Set(('bando bandi concorso concorsi selezione quale quali qual sono come cosa dove quando quanto quanti '
  + 'quante della delle dello degli nella nelle questo questa quello quella previsto prevista previsti richiesto richiesta '
  + 'interessa interessato interessata parlami parlare riassumi dettagli dettaglio anche ancora hanno avere essere stato stata sulla sugli sull alla alle allo dalla dalle dagli perche posso possono '
  + 'puoi potrei vorrei sapere dirmi dimmi indicarmi scusi grazie chiedo domando informazioni riguardo bene caso tutti tutte').split(' '));

// A citizen's word for something a bando says in other words.
const SYNONYMS: [RegExp, string][] = [
  [/stipend|retribuz|guadagn|\bpaga\b|compenso/, 'trattamento economico'],
  [/\beta\b|anni massimo|limite di eta/, 'eta'],
  [/costo|pagare|tassa/, 'contributo'],
  [/\bdurata\b|quanto dura/, 'durata'],
];

function stemWord(word: string): string {
  return word.length <= 5 ? word : word.slice(0, Math.max(5, word.length - 2));
}

/** The paragraph of the bando that shares most words with the question (normalized), if any shares one. */
export function bestPassage(text: string, question: string): string | undefined {
  const extra = SYNONYMS.filter(([re]) => re.test(question)).flatMap(([, w]) => w.split(' '));
  const asked = question.split(/[^a-z0-9]+/).filter((w) => w.length >= 4 && !STOP.has(w) && !/^\d+$/.test(w) && w !== 'conc');
  const words = [...new Set([...asked, ...extra].map(stemWord))];
  if (words.length === 0) return undefined;
  let best: { line: string; score: number } | undefined;
  for (const line of lines(text).filter((l) => /^(\d+\.|[a-z]\))\s/.test(l))) {
    const hay = normalize(line);
    const score = words.filter((w) => hay.includes(w)).length;
    if (score > 0 && (best === undefined || score > best.score)) best = { line, score };
  }
  return best === undefined ? undefined : clean(best.line);
}
