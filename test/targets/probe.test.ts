/**
 * `vaglio target probe` against chatbots vaglio did not write: a local one with its own response shape and tool
 * names (nested id argument, JSON search output) and the reference chatbot (services/ref-chatbot) through
 * scenarios/targets/ref-chatbot.yaml. The proposal, pasted into the target file, must then work.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { runTargetProbe } from '../../cli/commands/target-probe.ts';
import { CANARY, startRefChatbot, type RefChatbot } from '../../services/ref-chatbot/index.ts';
import { playCase } from '../../shared/eval/play.ts';
import { createTarget, extractTenderIds, loadTargetConfig } from '../../shared/targets/index.ts';
import { probeTarget } from '../../shared/targets/probe/index.ts';
import { json, startTargetServer, type TargetServer } from './target-server.ts';

const CATALOGUE = [
  { ref: 'AV/27/0412', title: 'Avviso per 2 tecnici di laboratorio', ente: 'Università di Vetralla' },
  { ref: 'AV/27/0415', title: 'Avviso per 5 istruttori amministrativi', ente: 'Comune di Orvine' },
  { ref: 'AV/27/0420', title: 'Avviso per 1 bibliotecario', ente: 'Comune di Orvine' },
];

/** A chatbot with its own shape: messages with roles, and "actions" beside them. */
function ownChatbot(server: TargetServer) {
  server.answer((req, res) => {
    const q = String((req.body as { prompt?: string }).prompt ?? '');
    const reply = (text: string, actions: unknown[] = []) =>
      json(res, 200, {
        output: { messages: [{ role: 'status', content: 'elaborazione in corso, attendere' }, { role: 'assistant', content: text }] },
        actions,
        elapsed_ms: 12,
      });
    const ref = /AV\/\d\d\/\d{4}/.exec(q)?.[0];
    if (ref) {
      const hit = CATALOGUE.find((c) => c.ref === ref);
      return reply(`Il bando ${ref} scade il 12 marzo 2027 e prevede 2 posti.`, [
        { action: 'open_notice', params: { notice: { ref } }, observation: hit ? `${hit.title}. Scadenza 12/03/2027.` : 'non trovato' },
      ]);
    }
    if (/domanda|SPID/i.test(q)) {
      return reply('La domanda si presenta online con SPID o CIE.', [{ action: 'kb_answer', params: { topic: 'domanda' }, observation: 'Domanda online con SPID.' }]);
    }
    if (/bandi|concors/i.test(q)) {
      const topic = /istruttore amministrativo/.test(q) ? 'istruttore amministrativo' : '';
      const hits = topic ? CATALOGUE.filter((c) => c.title.includes('istrutt')) : CATALOGUE;
      return reply(`Ecco i bandi: ${hits.map((h) => h.ref).join(', ')}.`, [
        { action: 'lookup_catalogue', params: { free_text: topic, only_open: true }, observation: JSON.stringify({ total: hits.length, hits }) },
      ]);
    }
    return reply('Buongiorno, sono l’assistente per gli avvisi di selezione.');
  });
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vaglio-probe-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('target probe on a chatbot with its own shape and tool names', () => {
  let server: TargetServer;
  beforeAll(async () => {
    server = await startTargetServer();
    ownChatbot(server);
  });
  afterAll(async () => server.close());

  it('proposes the answer and tool-call paths and the roles, and the pasted proposal works', async () => {
    const base = { type: 'http', name: 'own', url: `${server.url}/ask`, body: { prompt: '{{message}}' }, response: { answer: '$' } } as const;
    const file = join(dir, 'own.yaml');
    await writeFile(file, stringify(base));
    const config = await loadTargetConfig(file);
    const report = await probeTarget(createTarget(config, { prefix: 'unused' }), config, { signal: AbortSignal.timeout(10_000) });

    expect(report.response).toEqual({
      answer: '$.output.messages[?@.role=="assistant"].content',
      toolCalls: { path: '$.actions[*]', name: 'action', arguments: 'params', result: 'observation' },
    });
    expect(report.tenderId).toBe('AV/27/0412'); // picked from the search tool's output
    expect(report.roles).toEqual({
      search: { tool: 'lookup_catalogue', queryArg: 'free_text', results: { path: '$.hits[*].ref' } },
      tender: { tool: 'open_notice', idArg: 'notice.ref' },
      knowledge: { tool: 'kb_answer' },
    });

    // Paste the YAML into the target file: it loads, and the bot's turns are read as the roles say.
    await writeFile(file, `${stringify({ ...base, response: undefined })}${report.yaml}`);
    const fixed = await loadTargetConfig(file);
    const played = await playCase(createTarget(fixed, { prefix: 'unused' }), ['Quali bandi sono aperti?'], {}, AbortSignal.timeout(5000));
    const turn = played.transcript.turns[0];
    expect(turn?.assistant).toBe('Ecco i bandi: AV/27/0412, AV/27/0415, AV/27/0420.');
    const search = turn?.toolCalls.find((c) => c.name === fixed.roles?.search?.tool);
    expect(extractTenderIds(search?.result, fixed.roles!.search!.results)).toEqual({ ok: true, ids: ['AV/27/0412', 'AV/27/0415', 'AV/27/0420'] });
  });
});

describe('target probe and the YAML-only target file of the reference chatbot', () => {
  let bot: RefChatbot;
  let file: string;
  beforeAll(async () => {
    bot = await startRefChatbot({ port: 0 });
    // The shipped file, pointed at this test's bot (its port is picked free).
    const shipped = fileURLToPath(new URL('../../scenarios/targets/ref-chatbot.yaml', import.meta.url));
    const text = (await readFile(shipped, 'utf8')).replaceAll('http://127.0.0.1:8092', bot.url).replace('../../services/', `${join(shipped, '../../../services/')}`);
    file = join(dir, 'ref-chatbot.yaml');
    await writeFile(file, text);
  });
  afterAll(async () => bot.close());

  it('probe finds the paths already right and proposes the roles the file declares', async () => {
    let out = '';
    const code = await runTargetProbe(file, {}, (s) => (out += s));
    expect(code).toBe(0);
    expect(out).toMatch(/\[content\] .*CONC-2026-0101/);
    expect(out).toMatch(/tool leggi_bando \{"codice_bando":"CONC-2026-0101"\}/);
    const proposed = parse(out.slice(out.indexOf('# proposed for'))) as Record<string, unknown>;
    expect(proposed.response).toBeUndefined(); // the file's response paths found the answer and the tool calls
    const config = await loadTargetConfig(file);
    expect(proposed.roles).toEqual(config.roles);
    expect(config.confidential?.canary).toBe(CANARY);
    expect(config.confidential?.systemPrompt).toContain(CANARY);
  });

  it('the file plays a conversation: handshake once, the reply in parts, tool calls from the trace, search ids by role', async () => {
    const config = await loadTargetConfig(file);
    const played = await playCase(
      createTarget(config, { prefix: 'unused' }),
      ['Ci sono bandi aperti in Puglia?', 'Quando scade il bando CONC-2026-0105?'],
      {},
      AbortSignal.timeout(10_000),
    );
    expect(played.error).toBeUndefined();
    const [search, content] = played.transcript.turns;
    expect(played.transcript.sessionId).toMatch(/^cv_[0-9a-f]{18}$/);
    expect(search?.assistant).toContain('CONC-2026-0105');
    expect(search?.assistant).not.toMatch(/Consultazione|leggo il testo/); // notices and thoughts are not the reply
    const call = search?.toolCalls.find((c) => c.name === config.roles?.search?.tool);
    const ids = extractTenderIds(call?.result, config.roles!.search!.results);
    expect(ids.ok && ids.ids).toEqual(expect.arrayContaining(['CONC-2026-0105', 'CONC-2026-0113']));
    expect(content?.toolCalls).toEqual([expect.objectContaining({ name: 'leggi_bando', arguments: { codice_bando: 'CONC-2026-0105' } })]);
    expect(content?.usage?.tokensIn).toBeGreaterThan(0);
  });
});

describe('the reference chatbot streamed (SSE), with a YAML mapping over its events', () => {
  it('gives the same reply text, tool calls and meter as the JSON API', async () => {
    const bot = await startRefChatbot({ port: 0 });
    try {
      const shipped = await loadTargetConfig(fileURLToPath(new URL('../../scenarios/targets/ref-chatbot.yaml', import.meta.url)));
      if (shipped.type !== 'http' || !shipped.start) throw new Error('ref-chatbot.yaml is an http target with a start request');
      const start = { ...shipped.start, url: shipped.start.url.replace('http://127.0.0.1:8092', bot.url) };
      const json = createTarget({ ...shipped, start, url: shipped.url.replace('http://127.0.0.1:8092', bot.url) }, { prefix: 'unused' });
      const streamed = createTarget(
        {
          ...shipped,
          start,
          url: `${shipped.url.replace('http://127.0.0.1:8092', bot.url)}?stream=true`,
          stream: 'sse',
          response: {
            answer: '$[?@.event=="delta"].data.text',
            toolCalls: { path: '$[?@.event=="tool"].data', name: 'tool', arguments: 'input', result: 'output' },
            usage: { tokensIn: '$[?@.event=="done"].data.meter.tokens.input', tokensOut: '$[?@.event=="done"].data.meter.tokens.output' },
          },
        },
        { prefix: 'unused' },
      );
      const question = ['Quanti posti prevede il bando CONC-2026-0113?'];
      const a = await playCase(json, question, {}, AbortSignal.timeout(10_000));
      const b = await playCase(streamed, question, {}, AbortSignal.timeout(10_000));
      const [ja, sb] = [a.transcript.turns[0], b.transcript.turns[0]];
      expect(b.error).toBeUndefined();
      // The JSON reply joins its parts with a newline; the stream's parts are separated by part_end events,
      // which the stream join turns into the same newline (the words of two parts are never glued).
      expect(sb?.assistant).toBe(ja?.assistant);
      expect(sb?.toolCalls).toEqual(ja?.toolCalls);
      expect(sb?.usage).toEqual(ja?.usage);
    } finally {
      await bot.close();
    }
  });
});
