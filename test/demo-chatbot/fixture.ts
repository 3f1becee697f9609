/** A small demo corpus written to a temp dir: four short bandi (two expired on 2026-12-01) and a FAQ. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TenderMetadata } from '../../shared/tender/metadata.ts';

export const TODAY = '2026-12-01';

interface FixtureTender {
  meta: TenderMetadata;
  md: string;
}

const art = (n: number, heading: string, body: string) => `## Art. ${n} - ${heading}\n\n${body}\n`;

export const TENDERS: FixtureTender[] = [
  {
    meta: {
      id: 'PISA-2026-001', title: 'Concorso per 3 istruttori amministrativi - Comune di Pisa',
      administration: 'Comune di Pisa', profile: 'Istruttore amministrativo',
      workLocations: [{ comune: 'Pisa', provincia: 'PI', regione: 'Toscana' }], requiredDegrees: ['L-18', 'LM-56'],
      deadline: '2027-01-31', posts: 3, procedure: 'concorso', publicationDate: '2026-11-15', contacts: ['concorsi@comune.pisa.it'],
    },
    md: [
      '# Concorso per 3 istruttori amministrativi - Comune di Pisa', '',
      art(1, 'Oggetto', 'È indetto un concorso pubblico per esami per la copertura di n. 3 posti di istruttore amministrativo a tempo indeterminato.'),
      art(2, 'Requisiti di ammissione', 'Per l\'ammissione è richiesta la cittadinanza italiana e la maggiore età.\nTitolo di studio: laurea triennale nella classe L-18 oppure laurea magistrale nella classe LM-56.'),
      art(3, 'Presentazione della domanda', 'La domanda deve essere presentata esclusivamente tramite il portale inPA, con accesso mediante SPID, entro il 31 gennaio 2027.'),
      art(4, 'Prove d\'esame', 'Le prove consistono in una prova scritta sul diritto amministrativo e in una prova orale.'),
      art(5, 'Sede di lavoro', 'La sede di lavoro è presso gli uffici comunali di Pisa, via degli Uffizi 1.'),
      art(6, 'Informazioni', 'Per informazioni scrivere a concorsi@comune.pisa.it oppure telefonare allo 050 123456.'),
    ].join('\n'),
  },
  {
    meta: {
      id: 'MI-ING-2026-07', title: 'Selezione di 2 funzionari ingegneri - Comune di Milano',
      administration: 'Comune di Milano', profile: 'Funzionario tecnico ingegnere',
      workLocations: [{ comune: 'Milano', regione: 'Lombardia' }], requiredDegrees: ['LM-23', 'LM-24'],
      deadline: '2027-02-15', posts: 2, procedure: 'selezione', publicationDate: '2026-11-20', contacts: [],
    },
    md: [
      '# Selezione di 2 funzionari ingegneri - Comune di Milano', '',
      art(1, 'Oggetto', 'È indetta una selezione per 2 posti di funzionario tecnico ingegnere.'),
      art(2, 'Requisiti', 'È richiesta la laurea magistrale in ingegneria civile (LM-23) o ingegneria edile (LM-24).'),
      art(3, 'Termine di presentazione', 'Le domande devono pervenire entro il 15 febbraio 2027 tramite il portale inPA.'),
      art(4, 'Sede', 'La sede di lavoro è la Direzione Tecnica del Comune di Milano.'),
    ].join('\n'),
  },
  {
    meta: {
      id: 'FI-ECO-2026-03', title: 'Concorso per 1 funzionario economico - Regione Toscana',
      administration: 'Regione Toscana', profile: 'Funzionario economico-finanziario',
      workLocations: [{ comune: 'Firenze', regione: 'Toscana' }], requiredDegrees: ['LM-56', 'LM-77'],
      deadline: '2026-10-15', posts: 1, procedure: 'concorso', publicationDate: '2026-09-01', contacts: [],
    },
    md: [
      '# Concorso per 1 funzionario economico - Regione Toscana', '',
      art(1, 'Oggetto', 'È indetto un concorso per 1 posto di funzionario economico-finanziario presso la sede di Firenze.'),
      art(2, 'Requisiti', 'Titolo di studio richiesto: laurea magistrale LM-56 Scienze dell\'economia o LM-77.'),
      art(3, 'Domanda', 'La domanda va presentata entro il 15 ottobre 2026 sul portale inPA.'),
    ].join('\n'),
  },
  {
    meta: {
      id: 'RM-AMM-2026-11', title: 'Concorso per 5 assistenti amministrativi - INPS Roma',
      administration: 'INPS', profile: 'Assistente amministrativo',
      workLocations: [{ comune: 'Roma', regione: 'Lazio' }], requiredDegrees: [],
      deadline: '2026-11-20', posts: 5, procedure: 'concorso', publicationDate: '2026-10-01', contacts: [],
    },
    md: [
      '# Concorso per 5 assistenti amministrativi - INPS Roma', '',
      art(1, 'Oggetto', 'È indetto un concorso per 5 posti di assistente amministrativo presso la sede di Roma.'),
      art(2, 'Requisiti', 'È richiesto il diploma di scuola secondaria di secondo grado.'),
      art(3, 'Scadenza', 'Le domande devono essere presentate entro il 20 novembre 2026.'),
    ].join('\n'),
  },
];

export const FAQ = [
  { id: 'spid', question: 'Come ottengo lo SPID per accedere a inPA?', answer: 'Lo SPID si richiede a uno dei gestori di identità digitale accreditati da AgID.' },
  { id: 'registrazione', question: 'Come mi registro sul portale inPA?', answer: 'Per registrarsi su inPA si accede con SPID, CIE o CNS e si completa il curriculum.' },
  { id: 'equipollenza', question: 'Che cos\'è l\'equipollenza dei titoli di studio?', answer: 'L\'equipollenza è l\'equivalenza legale tra titoli di studio stabilita dalla legge.' },
];

export async function writeFixtureCorpus(): Promise<{ dir: string; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'demo-corpus-'));
  for (const t of TENDERS) {
    await writeFile(path.join(dir, `${t.meta.id}.md`), t.md);
    await writeFile(path.join(dir, `${t.meta.id}.json`), JSON.stringify(t.meta, null, 2));
  }
  await writeFile(path.join(dir, 'faq.json'), JSON.stringify(FAQ, null, 2));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export interface ChatResponse {
  answer: string;
  sessionId: string;
  toolCalls: { name: string; arguments: Record<string, unknown>; result: unknown }[];
  usage: { tokensIn: number; tokensOut: number };
}

/** POST /chat over real HTTP. */
export async function chat(url: string, message: string, sessionId?: string, extra: Record<string, unknown> = {}): Promise<ChatResponse> {
  const res = await fetch(`${url}/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message, ...(sessionId ? { sessionId } : {}), ...extra }),
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
  return (await res.json()) as ChatResponse;
}
