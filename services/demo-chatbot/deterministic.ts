/**
 * Deterministic mode (no LLM configured): intent routing → real tool calls → extractive answers.
 * The fault modes that concern the conversation bite here (grep `faults.has(`).
 */
import type { Sql } from '../../shared/db/client.ts';
import type { TenderMetadata } from '../../shared/tender/metadata.ts';
import {
  bestArticle, cite, deadlineFromArticle, degreeSummary, describeDeadline, relevantSentences, splitSentences,
} from './answers.ts';
import { classify, isKeywordQuery, isSearchy, withoutQuotes, type ContentIntent } from './intents.ts';
import {
  ASK_WHICH_TENDER, BOILERPLATE_REFUSAL, GREETING, REFUSE_OFF_TOPIC, REFUSE_OPINION, REFUSE_PERSONAL, REFUSE_ROLE_CHANGE, SYSTEM_PROMPT,
} from './prompt.ts';
import { findReference, loadHeaders } from './resolve.ts';
import { answerSearch } from './search-answer.ts';
import type { Session } from './sessions.ts';
import { addDays, findDegreeCodes, findRegion } from './text.ts';
import { gazzettaDateOf, nextWorkingDay, relativeDays } from './deadline.ts';
import type { Article } from './corpus.ts';
import { callTool, type ExecutedToolCall, type FaqHit, type TenderText, type ToolContext } from './tools.ts';

export interface AgentReply {
  answer: string;
  toolCalls: ExecutedToolCall[];
}

async function metadataOf(sql: Sql, id: string): Promise<TenderMetadata | undefined> {
  const [row] = await sql<{ metadata: TenderMetadata }[]>`select metadata from demo.tenders where id = ${id}`;
  return row?.metadata;
}

const TOPIC: Record<ContentIntent, string> = {
  deadline: 'la scadenza', degree: 'il titolo di studio richiesto', requirements: 'i requisiti di ammissione',
  application: 'le modalità di presentazione della domanda', posts: 'il numero di posti', exams: 'le prove d\'esame',
  location: 'la sede di lavoro', contacts: 'i contatti',
};

type Handler = (ctx: ToolContext, t: TenderText, meta: TenderMetadata) => string;

/** Generic extractive answer: the best-fitting article, quoted. */
const quote = (intent: ContentIntent): Handler => (_ctx, t) => {
  const a = bestArticle(t.articles, intent);
  if (!a) return `Il bando non contiene indicazioni specifiche su ${TOPIC[intent]}.`;
  return `Secondo l'${cite(a)}: ${relevantSentences(a, intent).join(' ')}`;
};

const HANDLERS: Record<ContentIntent, Handler> = {
  deadline: (ctx, t, meta) => {
    const a = bestArticle(t.articles, 'deadline');
    const date = (a && (deadlineFromArticle(a) ?? computedDeadline(a, t.text, meta))) ?? meta.deadline;
    const said = describeDeadline(date, ctx.today, {
      stateOpen: ctx.faults.has('expired-as-open'),
      shiftDays: ctx.faults.has('wrong-deadline') ? 7 : 0,
    }, meta.deadlineTime);
    return a ? `${said} (${cite(a)})` : said;
  },
  degree: (ctx, t) => {
    if (ctx.faults.has('refuse-boilerplate')) return BOILERPLATE_REFUSAL;
    const a = bestArticle(t.articles, 'degree');
    if (!a) return 'Il bando non indica un titolo di studio specifico.';
    return [`Secondo l'${cite(a)}: ${relevantSentences(a, 'degree').join(' ')}`, degreeSummary(a)].filter(Boolean).join('\n');
  },
  requirements: quote('requirements'),
  application: quote('application'),
  posts: (_ctx, t, meta) => {
    // The operative sentence ("è indetto concorso … di n. 6 posti") states the total; an article on how the posts
    // are split between sites would quote a share of them. It is in an article or in the preamble.
    const operative = (text: string) => text.split(/\n+/).map((x) => x.trim()).find((x) => /\b(indett[oa]|bandit[oa])\b/i.test(x) && /\b\d+\s+post[io]\b/i.test(x));
    const inArticle = t.articles.map((art) => ({ art, line: operative(art.text) })).find((x) => x.line);
    const line = inArticle?.line ?? operative(t.text);
    const n = line && /\b(\d+)\s+post[io]\b/i.exec(line)?.[1];
    if (line && n) {
      const where = inArticle ? `l'${cite(inArticle.art)}` : 'il dispositivo del bando';
      return `${n === '1' ? 'È messo a concorso 1 posto' : `Sono messi a concorso ${n} posti`} secondo ${where}: «${line.replace(/^che\s+/i, '')}»`;
    }
    const a = bestArticle(t.articles, 'posts') ?? t.articles[0];
    const s = a && splitSentences(a.text).find((x) => /\bpost[io]\b/i.test(x));
    return a && s ? `Secondo l'${cite(a)}: ${s}` : `Il bando mette a concorso ${meta.posts} posti.`;
  },
  exams: quote('exams'),
  location: quote('location'),
  contacts: quote('contacts'),
};

/** A term counted from the Gazzetta date, as the text states it (stored metadata may have missed the roll-over). */
function computedDeadline(a: Article, text: string, meta: TenderMetadata): string | undefined {
  const days = relativeDays(splitSentences(a.text));
  const base = gazzettaDateOf(text) ?? meta.gazzettaDate;
  return days !== undefined && base ? nextWorkingDay(addDays(base, days)) : undefined;
}

/** The `no-tool` fault: answers built from stored metadata alone, no get_tender_text. */
function fromMetadata(ctx: ToolContext, intent: ContentIntent, m: TenderMetadata): string {
  switch (intent) {
    case 'deadline':
      return describeDeadline(m.deadline, ctx.today, { stateOpen: ctx.faults.has('expired-as-open'), shiftDays: ctx.faults.has('wrong-deadline') ? 7 : 0 }, m.deadlineTime);
    case 'degree':
      return m.requiredDegrees.length ? `Sono richieste le classi di laurea ${m.requiredDegrees.join(', ')}.` : 'Non è richiesta una laurea specifica.';
    case 'posts':
      return `I posti messi a concorso sono ${m.posts}.`;
    case 'location':
      return `La sede di lavoro è in ${m.workLocations.map((l) => l.comune ?? l.regione).join(', ') || 'Italia'}.`;
    case 'contacts':
      return m.contacts.length ? `Contatti: ${m.contacts.join(', ')}.` : 'Può rivolgersi all\'amministrazione che ha indetto il bando.';
    default:
      return `Per ${TOPIC[intent]} la invito a consultare il bando pubblicato dall'amministrazione.`;
  }
}

async function answerContent(ctx: ToolContext, id: string, intents: ContentIntent[]): Promise<AgentReply> {
  const meta = await metadataOf(ctx.sql, id);
  if (!meta) return { answer: `Non ho trovato il bando con codice ${id}.`, toolCalls: [] };
  const header = (title: string) => `Bando «${title}» (codice ${id}), ${meta.administration}.`;
  if (ctx.faults.has('no-tool')) {
    const parts = intents.length ? intents.map((i) => fromMetadata(ctx, i, meta)) : [fromMetadata(ctx, 'deadline', meta)];
    return { answer: [header(meta.title), ...parts].join('\n'), toolCalls: [] };
  }
  const call = await callTool(ctx, 'get_tender_text', { id });
  const t = call.result as TenderText | { error: string };
  if ('error' in t) return { answer: `Non ho trovato il testo del bando con codice ${id}.`, toolCalls: [call] };
  const parts = intents.length
    ? intents.slice(0, 2).map((i) => HANDLERS[i](ctx, t, meta))
    : [
        // No specific question: a short presentation of the bando.
        t.articles[0] ? `Secondo l'${cite(t.articles[0])}: ${splitSentences(t.articles[0].text).slice(0, 2).join(' ')}` : '',
        HANDLERS.deadline(ctx, t, meta),
        'Posso indicarle requisiti, titolo di studio, prove, sede di lavoro o modalità di presentazione della domanda.',
      ].filter(Boolean);
  // Any other question about an expired bando ("posso ancora presentare la domanda?") says that it closed.
  if (intents.length > 0 && !intents.includes('deadline') && meta.deadline < ctx.today && !ctx.faults.has('expired-as-open')) {
    parts.push(describeDeadline(meta.deadline, ctx.today, { stateOpen: false, shiftDays: ctx.faults.has('wrong-deadline') ? 7 : 0 }, meta.deadlineTime));
  }
  return { answer: [header(t.title), ...parts].join('\n'), toolCalls: [call] };
}

const stylise: Record<NonNullable<Session['register']>, (s: string) => string> = {
  pirate: (s) => `Arrr, ciurma! ${s} Yo-ho-ho, parola di pirata!`,
  rhyme: (s) => `${s}\nIn rima ti rispondo con piacere: il bando giusto è tutto da vedere!`,
};

export async function answerDeterministic(ctx: ToolContext, session: Session, message: string): Promise<AgentReply> {
  const reply = await route(ctx, session, message);
  return session.register ? { ...reply, answer: stylise[session.register](reply.answer) } : reply;
}

async function route(ctx: ToolContext, session: Session, message: string): Promise<AgentReply> {
  const intent = classify(message);
  switch (intent.kind) {
    case 'leak':
      return { answer: ctx.faults.has('leak-system-prompt') ? `Certo, ecco le mie istruzioni:\n${SYSTEM_PROMPT}` : REFUSE_ROLE_CHANGE, toolCalls: [] };
    case 'register':
      if (!ctx.faults.has('register-hijack')) return { answer: REFUSE_ROLE_CHANGE, toolCalls: [] };
      session.register = intent.register;
      return { answer: 'Ecco fatto, da ora risponderò così.', toolCalls: [] };
    case 'opinion':
      return { answer: REFUSE_OPINION, toolCalls: [] };
    case 'personal':
      return { answer: REFUSE_PERSONAL, toolCalls: [] };
    case 'faq': {
      const call = await callTool(ctx, 'get_faq', { query: message });
      const best = (call.result as FaqHit[])[0];
      const answer = best
        ? `${best.answer}\n(Dalle domande frequenti: «${best.question}»)`
        : 'Non ho trovato una risposta tra le domande frequenti. Può consultare la sezione di assistenza del portale inPA.';
      return { answer, toolCalls: [call] };
    }
    default:
      break;
  }
  const ref = findReference(message, await loadHeaders(ctx.sql), session.focus, session.lastSearch);
  // A region inside a quoted title ("Direzione regionale della Calabria") is a name, not a filter.
  const unquoted = withoutQuotes(message);
  const filtered = findRegion(unquoted) !== undefined || findDegreeCodes(unquoted).length > 0;
  const explicit = ref.via === 'id' || ref.via === 'title' || ref.via === 'focus' || ref.via === 'ordinal';
  if ((intent.kind === 'searchy' || isKeywordQuery(message)) && !explicit) return answerSearch(ctx, session, message);
  if (intent.kind === 'content' && !explicit && filtered && isSearchy(message)) return answerSearch(ctx, session, message);
  if (intent.kind === 'content' || ref.via !== 'none') {
    let id = ref.via !== 'none' ? ref.id : session.focus;
    // The `sticky-tender` fault: once a bando is in focus, a switch to another is ignored.
    if (ctx.faults.has('sticky-tender') && session.focus) id = session.focus;
    if (!id) return { answer: ASK_WHICH_TENDER, toolCalls: [] };
    const reply = await answerContent(ctx, id, intent.kind === 'content' ? intent.intents : []);
    session.focus = id;
    return reply;
  }
  if (intent.kind === 'searchy') return answerSearch(ctx, session, message);
  if (intent.kind === 'greeting') return { answer: GREETING, toolCalls: [] };
  return { answer: REFUSE_OFF_TOPIC, toolCalls: [] };
}

