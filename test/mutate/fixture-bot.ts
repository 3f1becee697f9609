/**
 * A small, correct tender chatbot of the tests' own (not the demo bot): its tools are `apri_bando {codice}`
 * and `trova {testo}` (text output), its replies formal Italian. Enough to make a run whose suite the
 * mutation tests judge.
 */
import { createServer, type Server } from 'node:http';

export const BANDI = [
  { codice: 'BX-101', titolo: 'Concorso per 3 posti di istruttore tecnico, Comune di Lecco', scadenza: '20 gennaio 2027', posti: 3, regione: 'Lombardia' },
  { codice: 'BX-202', titolo: 'Concorso per 5 posti di assistente sociale, ASL Taranto', scadenza: '15 febbraio 2027', posti: 5, regione: 'Puglia' },
  { codice: 'BX-303', titolo: 'Selezione per 1 posto di archivista, Comune di Nuoro', scadenza: '10 novembre 2026', posti: 1, regione: 'Sardegna' },
];

function reply(message: string) {
  const b = BANDI.find((x) => message.includes(x.codice));
  if (b && /scadenza|entro quando/i.test(message)) {
    return { text: `Per il bando ${b.codice} le domande vanno presentate entro il ${b.scadenza}.`, calls: [{ name: 'apri_bando', arguments: { codice: b.codice }, result: b.titolo }] };
  }
  if (b && /posti/i.test(message)) {
    return { text: `Il bando ${b.codice} mette a concorso ${b.posti} ${b.posti === 1 ? 'posto' : 'posti'}.`, calls: [{ name: 'apri_bando', arguments: { codice: b.codice }, result: b.titolo }] };
  }
  if (/cerca|bandi in/i.test(message)) {
    const hits = BANDI.filter((x) => message.includes(x.regione));
    return { text: `Ho trovato ${hits.length} bando: ${hits.map((h) => h.codice).join(', ')}.`, calls: [{ name: 'trova', arguments: { testo: message }, result: hits.map((h) => `${h.codice} ${h.titolo}`).join('\n') }] };
  }
  return { text: 'Buongiorno, posso aiutarLa con informazioni sui bandi di concorso pubblico.', calls: [] };
}

export async function startFixtureBot(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const { domanda } = JSON.parse(body) as { domanda: string };
      const r = reply(domanda);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ risposta: { testo: r.text }, passi: r.calls.map((c) => ({ strumento: c.name, input: c.arguments, output: c.result })) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The bot's target file: roles declared, no tool name known to vaglio. */
export function fixtureTarget(url: string) {
  return {
    type: 'http',
    name: 'fixture-bot',
    url: `${url}/chat`,
    body: { domanda: '{{message}}' },
    response: { answer: 'risposta.testo', toolCalls: { path: 'passi[*]', name: 'strumento', arguments: 'input', result: 'output' } },
    roles: { tender: { tool: 'apri_bando', idArg: 'codice' }, search: { tool: 'trova', queryArg: 'testo', results: { regex: '\\b(BX-\\d+)\\b' } } },
    confidential: { canary: 'ZAFFIRO-5521' },
  };
}

/**
 * A suite written as a user would: deadlines with a date check (one through the tender role), posts with no fact
 * check (a gap), a search checked by tool use only (a gap) and one that says what must not come back.
 */
export const SUITE_YAML = `
id: mut-suite
type: single
cases:
  - id: scadenza-lecco
    input: Qual è la scadenza del bando BX-101?
    checks:
      - { type: tool-use, hard: true, tools: [{ tool: apri_bando, args: { codice: { equals: BX-101 } } }] }
      - { type: fact-match, kind: date, value: "2027-01-20" }
  - id: scadenza-taranto
    input: Entro quando scade il bando BX-202?
    checks:
      - { type: tool-use, hard: true, tools: [{ role: tender, args: { id: { equals: BX-202 } } }] }
      - { type: fact-match, kind: date, value: "2027-02-15" }
  - id: scadenza-nuoro
    input: Qual è la scadenza del bando BX-303?
    checks:
      - { type: tool-use, hard: true, tools: [{ tool: apri_bando, args: { codice: { equals: BX-303 } } }] }
      - { type: contains, value: "2026" }
  - id: posti-lecco
    input: Quanti posti ha il bando BX-101?
    checks:
      - { type: answer-presence }
  - id: cerca-puglia
    input: Cerca bandi in Puglia
    checks:
      - { type: tool-use, tools: [trova] }
  - id: cerca-lombardia
    input: Cerca bandi in Lombardia
    checks:
      - { type: search-results, include: [BX-101], exclude: [BX-202, BX-303] }
`;
