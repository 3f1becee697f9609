/**
 * Collects the demo chatbot's own replies for the answer-presence benchmark: on-topic questions (most naming a
 * bando of the demo corpus, some not), asked of the clean bot and of the bot that refuses degree questions
 * (fault `refuse-boilerplate`). Writes bench/fixtures/answer-presence/demo-bot.raw.jsonl, one reply per line,
 * without labels: the labels in demo-bot.jsonl are given by hand, reading each reply.
 * Run: npx tsx bench/support/collect-demo-replies.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDemoChatbot, type FaultMode } from '../../services/demo-chatbot/index.ts';
import { dropDatabase, freshDatabase } from '../lib.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NAMED = [
  'Quando scade il concorso del Comune di Bergamo per istruttore amministrativo?',
  'Quanti posti ci sono nel concorso della Regione Piemonte per funzionario economico-finanziario?',
  'Che titolo di studio serve per il concorso ASL Roma 2 per collaboratore infermiere?',
  'Come si presenta la domanda per il concorso del Ministero della Cultura per bibliotecari?',
  'Quali prove sono previste nel concorso del Comune di Napoli per agenti di polizia locale?',
  "Qual è la sede di lavoro del concorso dell'Università di Padova per tecnico di laboratorio?",
  'Il concorso INPS per funzionari informatici è ancora aperto?',
  'Serve la specializzazione per il concorso ASL Bari per dirigente medico cardiologia?',
  'Quanti posti prevede il bando della Regione Sardegna per ingegneri ambientali?',
  'Quando scade il concorso del Comune di Aosta per educatori di nido?',
  'A chi posso chiedere informazioni sul concorso del Comune di Trieste per assistenti sociali?',
  'Che requisiti servono per la mobilità della Provincia di Bolzano per geometri?',
  'Quali lauree sono ammesse al concorso del Comune di Bergamo per istruttore amministrativo?',
  'Che laurea serve per il concorso INPS per funzionari informatici?',
];
const UNNAMED = [
  'Quando scade il bando?',
  'Quanti posti ci sono?',
  'Che titolo di studio serve?',
  'Ci sono concorsi per infermieri nel Lazio?',
  'Cerco concorsi per ingegneri in Sardegna',
  'Ci sono bandi per bibliotecari?',
  'Come mi registro su inPA?',
  'Quali documenti servono per iscriversi a un concorso?',
];
const OFF_TOPIC_STYLE = [
  // On-topic for a citizen, phrased in ways the bot may not route.
  'Mi può dire qualcosa sul concorso del Comune di Bergamo?',
  'Il concorso per vigili a Napoli prevede la prova di inglese?',
  'Che stipendio ha un istruttore amministrativo al Comune di Bergamo?',
  'Posso partecipare al concorso del Comune di Aosta se ho 50 anni?',
  'Il concorso del Comune di Milano per bibliotecari quando scade?',
  'Quando esce la graduatoria del concorso INPS per funzionari informatici?',
];

async function ask(url: string, message: string): Promise<string> {
  const res = await fetch(`${url}/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message }) });
  return ((await res.json()) as { answer: string }).answer;
}

const db = `vaglio_collect_${process.pid}`;
const url = await freshDatabase(db);
const out: object[] = [];
try {
  for (const faults of [[], ['refuse-boilerplate']] as FaultMode[][]) {
    const bot = await startDemoChatbot({ databaseUrl: url, corpusDir: path.join(root, 'examples/corpus'), faults, port: 0 });
    try {
      const qs = faults.length ? NAMED.filter((q) => /titolo|laure|requisit|specializz/i.test(q)) : [...NAMED, ...UNNAMED, ...OFF_TOPIC_STYLE];
      for (const q of qs) {
        out.push({ id: `demo-${String(out.length + 1).padStart(3, '0')}`, lang: 'it', question: q, context: { bandoNamed: NAMED.includes(q) || OFF_TOPIC_STYLE.includes(q) }, answer: await ask(bot.url, q), faults });
      }
    } finally {
      await bot.close();
    }
  }
} finally {
  await dropDatabase(db);
}
const dir = path.join(root, 'bench/fixtures/answer-presence');
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, 'demo-bot.raw.jsonl'), out.map((o) => JSON.stringify(o)).join('\n') + '\n');
console.log(`${out.length} replies written to ${path.join(dir, 'demo-bot.raw.jsonl')}`);
