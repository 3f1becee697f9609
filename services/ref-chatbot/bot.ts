// One turn of the conversation: understand the message, call tools, render the reply, record the trace.
import type { Corpus } from './corpus.ts';
import { addDays, isExpired, type Deadline } from './dates.ts';
import { bestPassage, readFacts } from './facts.ts';
import type { Fault } from './faults.ts';
import { aboutTopic, guideTopicFor } from './faq.ts';
import { classifyAttack, type Attack } from './guard.ts';
import { detectAsk, detectLanguage, findByName, findCode, inDomain, refersToPrevious, isQuestion, isSearch, searchFilters, type Ask, type SearchFilters } from './nlu.ts';
import { replies, type ContentCtx, type Replies, type SearchRow } from './replies.ts';
import { cercaBandi, consultaGuida, leggiBando, normalize, NOT_FOUND_PREFIX, TOOL, type CercaBandiInput } from './tools.ts';

export type Step =
  | { kind: 'thought'; text: string }
  | { kind: 'notice'; code: string; text: string }
  | { kind: 'tool'; call_id: string; tool: string; input: Record<string, unknown>; output: string };

export interface ConversationState {
  bando?: string;
  /** The bando discussed before the current one, for "torniamo al bando precedente". */
  previous?: string;
  hijacked: boolean;
  turns: number;
}

export interface BotConfig {
  corpus: Corpus;
  today: string;
  faults: ReadonlySet<Fault>;
  systemPrompt: string;
}

export interface TurnResult {
  language: 'it' | 'en';
  parts: string[];
  steps: Step[];
}

class Turn {
  readonly steps: Step[] = [];
  constructor(readonly cfg: BotConfig, readonly state: ConversationState, readonly r: Replies) {}

  has(f: Fault): boolean {
    return this.cfg.faults.has(f);
  }

  note(code: string, text: string): void {
    this.steps.push({ kind: 'notice', code, text });
  }

  think(text: string): void {
    this.steps.push({ kind: 'thought', text });
  }

  call(tool: string, input: Record<string, unknown>, run: () => string, hidden = false): string {
    const output = run();
    const callId = `call_${this.state.turns}_${this.steps.filter((s) => s.kind === 'tool').length + 1}`;
    if (!hidden) this.steps.push({ kind: 'tool', call_id: callId, tool, input, output });
    return output;
  }
}

function todayAsDeadline(today: string): Deadline {
  const [y, m, d] = today.split('-').map(Number);
  return { year: y ?? 0, month: m ?? 0, day: d ?? 0, time: '00:00' };
}

function setScope(state: ConversationState, code: string): void {
  if (state.bando !== undefined && state.bando !== code) state.previous = state.bando;
  state.bando = code;
}

function content(t: Turn, requested: string, asked: Ask | undefined, question: string): string[] {
  const { cfg, state, r } = t;
  // stale-scope: a newly named bando does not replace the one already under discussion.
  const code = t.has('stale-scope') && state.bando !== undefined ? state.bando : requested;
  const skip = t.has('skip-tool');
  const ask = asked ?? 'question';
  if (!skip) t.note('tool-start', `Consultazione del bando ${code}`);
  t.think(skip
    ? `Domanda su "${ask}" del bando ${code}: rispondo con quanto già so.`
    : `Domanda su "${ask}" del bando ${code}: leggo il testo integrale con ${TOOL.read}.`);
  const text = t.call(TOOL.read, { codice_bando: code }, () => leggiBando(cfg.corpus, { codice_bando: code }), skip);
  if (text.startsWith(NOT_FOUND_PREFIX)) {
    if (t.has('invent-bando')) {
      setScope(state, code);
      return r.invented(code);
    }
    t.note('not-found', `Nessun bando con codice ${code}`);
    // The citizen was asking about a bando that does not exist: a bare follow-up must not land on the old one.
    if (state.bando !== undefined) state.previous = state.bando;
    state.bando = undefined;
    return r.notFound(code);
  }
  setScope(state, code);
  const facts = readFacts(text);
  // A question outside the usual ones is answered with the paragraph that shares most words with it.
  const passage = asked === undefined || asked === 'passage' ? bestPassage(text, question) : undefined;
  const kind: Ask = asked ?? (passage === undefined ? 'summary' : 'passage');
  const realExpired = facts.scadenza !== undefined && isExpired(facts.scadenza, cfg.today);
  const ctx: ContentCtx = {
    code,
    ente: cfg.corpus.get(code)?.entiRiferimento[0] ?? facts.ente,
    facts,
    posti: facts.posti === undefined ? undefined : facts.posti + (t.has('wrong-posts') ? 1 : 0),
    scadenza: facts.scadenza === undefined ? undefined : t.has('wrong-deadline') ? addDays(facts.scadenza, 7) : facts.scadenza,
    expired: realExpired && !t.has('expired-as-open'),
    today: todayAsDeadline(cfg.today),
    passage,
  };
  const parts = r[kind](ctx);
  // Deadline, status and summary already say whether the bando is open; the others get an explicit warning.
  if (ctx.expired && kind !== 'deadline' && kind !== 'status' && kind !== 'summary') parts.push(r.expiredWarning(ctx));
  return parts;
}

const ROW = /^- \[([A-Z0-9-]+)\] (.*?) \| (.*?) \| (.*?) \| scadenza (\S+) ore (\S+) \| (APERTO|SCADUTO)$/;

function search(t: Turn, filters: SearchFilters): string[] {
  const input: CercaBandiInput = { ...filters };
  if (t.has('ignore-region')) {
    delete input.regione;
    delete input.provincia;
  }
  t.note('tool-start', 'Ricerca nel catalogo dei bandi');
  t.think(`Ricerca di bandi con i filtri ${JSON.stringify(input)}: uso ${TOOL.search}.`);
  const output = t.call(TOOL.search, { ...input }, () => cercaBandi(t.cfg.corpus, t.cfg.today, input));
  const rows: SearchRow[] = output.split('\n').flatMap((line) => {
    const m = ROW.exec(line);
    if (!m) return [];
    return [{ code: m[1] ?? '', titolo: m[2] ?? '', ente: m[3] ?? '', luogo: m[4] ?? '', scadenza: m[5] ?? '',
      aperto: m[7] === 'APERTO' || t.has('expired-as-open') }];
  });
  const criteria = [
    input.testo ? `profilo: ${input.testo}` : undefined,
    input.regione ? `regione: ${input.regione}` : undefined,
    input.provincia ? `provincia: ${input.provincia}` : undefined,
    input.stato ? `stato: ${input.stato}` : undefined,
  ].filter((c) => c !== undefined).join(', ') || 'nessun filtro';
  return rows.length === 0 ? t.r.searchNone(criteria) : t.r.search(rows, criteria);
}

function quoted(message: string): string | undefined {
  return /["«“']([^"»”']{2,120})["»”']/.exec(message)?.[1];
}

function attack(t: Turn, kind: Attack, message: string): string[] {
  t.note('guardrail', `Richiesta non ammessa (${kind})`);
  if (kind === 'instructions' && t.has('leak-prompt')) return t.r.leak(t.cfg.systemPrompt);
  if (kind === 'injection' && t.has('obey-injection')) return t.r.injectionObeyed(quoted(message));
  if (kind === 'politics' && t.has('political-opinion')) return t.r.opinion();
  if (kind === 'register' && t.has('register-hijack')) {
    t.state.hijacked = true;
    return t.r.hijackAccepted();
  }
  return t.r.refusal(kind);
}

function route(t: Turn, message: string, n: string): string[] {
  const kind = classifyAttack(n);
  if (kind) return attack(t, kind, message);
  if (/^(ciao|salve|buongiorno|buonasera|hello|hi|good (morning|afternoon))[\s,!.]*$/.test(n)
    || /cosa (sai|puoi|puo) fare|what can you do|come (mi )?(puoi|puo) aiutar/.test(n)) return t.r.greeting();
  if (/^(grazie|ok grazie|thank you|thanks)[\s\w,!.]*$/.test(n) && n.length < 40) return t.r.thanks();
  let code = findCode(message);
  if (!code && isSearch(n)) return search(t, searchFilters(n));
  code ??= findByName(t.cfg.corpus, n) ?? (refersToPrevious(n) ? t.state.previous : undefined);
  const ask = detectAsk(n);
  if (code) return content(t, code, ask, n);
  const topic = guideTopicFor(n);
  const scope = t.state.bando;
  const scopeText = scope === undefined ? undefined : t.cfg.corpus.text(scope);
  // With a bando under discussion, a general topic its text addresses is answered from the bando itself.
  const own = topic && scopeText ? bestPassage(scopeText, n) : undefined;
  if (scope && topic && own !== undefined && aboutTopic(topic, normalize(own))) return content(t, scope, 'passage', n);
  if (topic) {
    t.note('tool-start', 'Consultazione della guida');
    return t.r.guide(t.call(TOOL.guide, { argomento: topic }, () => consultaGuida({ argomento: topic })));
  }
  if (ask && scope) return content(t, scope, ask, n);
  if (ask) return t.r.needCode();
  // A follow-up question on the bando under discussion that the text can answer ("c'è un limite di età?").
  if (scope && scopeText && isQuestion(message) && (inDomain(n) || bestPassage(scopeText, n) !== undefined)) {
    return content(t, scope, 'passage', n);
  }
  if (!inDomain(n)) return attack(t, 'off-topic', message);
  // A question on a bando's details ("quanto dura il contratto?") with no bando in the conversation.
  if (isQuestion(message)) return t.r.needCode();
  return t.r.fallback();
}

export function runTurn(cfg: BotConfig, state: ConversationState, message: string): TurnResult {
  state.turns += 1;
  const n = normalize(message).replace(/\s+/g, ' ').trim();
  const language = cfg.faults.has('language-switch') ? 'en' : detectLanguage(n);
  const t = new Turn(cfg, state, replies(language));
  const parts = route(t, message, n);
  if (state.hijacked && t.steps.every((s) => s.kind !== 'notice' || s.code !== 'guardrail')) parts.unshift(t.r.hijackPrefix());
  return { language, parts, steps: t.steps };
}
