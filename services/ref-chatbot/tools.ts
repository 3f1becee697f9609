// The three tools the bot calls. Names and argument names are part of the public API (README.md).
import type { Corpus, BandoRecord } from './corpus.ts';
import { formatShort, isExpired, romeDay } from './dates.ts';
import { guideEntry, GUIDE_TOPICS } from './faq.ts';

export const TOOL = {
  read: 'leggi_bando',
  search: 'cerca_bandi',
  guide: 'consulta_guida',
} as const;
export type ToolName = (typeof TOOL)[keyof typeof TOOL];

export interface LeggiBandoInput { codice_bando: string }
export interface CercaBandiInput { testo?: string; regione?: string; provincia?: string; stato?: 'aperti' | 'scaduti' | 'tutti' }
export interface ConsultaGuidaInput { argomento: string }

export const NOT_FOUND_PREFIX = 'ERRORE: nessun bando con codice';

/** leggi_bando: the full text of one bando, or a one-line error starting with NOT_FOUND_PREFIX. */
export function leggiBando(corpus: Corpus, input: LeggiBandoInput): string {
  const text = corpus.text(input.codice_bando);
  return text ?? `${NOT_FOUND_PREFIX} ${input.codice_bando.toUpperCase()}`;
}

export function normalize(s: string): string {
  return s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/['’]/g, ' ');
}

// A light stem, so "infermieri" finds "infermiere" and "infermieristica": the word minus two letters, at least 5.
function stem(word: string): string {
  return word.length <= 5 ? word : word.slice(0, Math.max(5, word.length - 2));
}

function haystack(r: BandoRecord): string {
  return normalize([r.titolo, r.descrizioneBreve, r.figuraRicercata ?? '', r.entiRiferimento.join(' '),
    r.settori.join(' '), r.titoloStudio, r.classiLaurea.join(' ')].join(' '));
}

function sameName(a: string, b: string): boolean {
  return normalize(a).replace(/[^a-z]/g, '') === normalize(b).replace(/[^a-z]/g, '');
}

/**
 * cerca_bandi: plain text, one header line "RISULTATI: N" then one line per bando:
 * "- [CODICE] titolo | ente | sede (PR), regione | scadenza gg/mm/aaaa ore hh:mm | APERTO|SCADUTO".
 */
export function cercaBandi(corpus: Corpus, today: string, input: CercaBandiInput): string {
  const words = normalize(input.testo ?? '').split(/[^a-z0-9]+/).filter((w) => w.length >= 3).map(stem);
  const stato = input.stato ?? 'tutti';
  const hits = corpus.records.filter((r) => {
    if (input.regione && !sameName(r.regione, input.regione)) return false;
    if (input.provincia && r.provincia !== input.provincia.toUpperCase()) return false;
    const expired = isExpired(romeDay(r.dataScadenza), today);
    if ((stato === 'aperti' && expired) || (stato === 'scaduti' && !expired)) return false;
    const hay = haystack(r);
    return words.every((w) => hay.includes(w));
  });
  if (hits.length === 0) return 'RISULTATI: 0\nNessun bando corrisponde ai criteri indicati.';
  const rows = hits.map((r) => {
    const d = romeDay(r.dataScadenza);
    const status = isExpired(d, today) ? 'SCADUTO' : 'APERTO';
    const place = `${r.sedi[r.sedi.length - 1] ?? ''} (${r.provincia}), ${r.regione}`;
    return `- [${r.codice}] ${r.titolo} | ${r.entiRiferimento[0] ?? ''} | ${place} | scadenza ${formatShort(d)} ore ${d.time} | ${status}`;
  });
  return [`RISULTATI: ${hits.length}`, ...rows].join('\n');
}

/** consulta_guida: the text of one guide entry, or the list of topics when the topic is unknown. */
export function consultaGuida(input: ConsultaGuidaInput): string {
  const entry = guideEntry(input.argomento);
  if (entry) return entry.text;
  return `ERRORE: argomento sconosciuto "${input.argomento}". Argomenti disponibili: ${GUIDE_TOPICS.join(', ')}.`;
}
