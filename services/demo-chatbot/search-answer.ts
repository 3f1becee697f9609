/** Deterministic search: filters parsed from the message, search_tenders, a numbered list as answer. */
import type { FaultSet } from './faults.ts';
import { wantsOpenOnly } from './intents.ts';
import { NO_RESULTS } from './prompt.ts';
import type { Session } from './sessions.ts';
import { callTool, type ExecutedToolCall, type SearchHit, type ToolContext } from './tools.ts';
import { addDays, DEGREE_CODE_RE, findDates, findDegreeCodes, findRegion, fold, formatDateIt, REGION_WORDS } from './text.ts';

/** Words that say "search" rather than what to search for. */
const SEARCH_STOP = new Set(
  ('concorsi concorso bandi bando cerco cerca cercare cercando trova trovami trovare elenco elencami elenca ' +
    'mostrami dimmi quali quale sono ci ce per in a di da del della dei delle degli nel nella nelle con ' +
    'laureati laureato laureata laureate laurea classe aperti aperto attivi attivo ancora solo quelli ' +
    'disponibili non scaduti opportunita lavoro regione offerte selezioni avvisi posizioni mi puoi vorrei ' +
    'sapere se esistono esiste qualche tutti tutte i il lo la le gli un una the pubblici pubblico pubblica ' +
    'pubbliche scadenza scadenze scade scadono dopo prima entro oltre al')
    .split(/\s+/),
);

/** "con scadenza dopo il 17/11/2026", "che scadono dal 3 dicembre 2026 in poi". */
const AFTER = /scad\w*\s+(?:dopo|successiv\w*|a partire|dal|non prima)\s*(?:il|al|del|dal)?\s*(.{6,20})/;

export function searchArgsFrom(message: string): {
  query: string;
  region?: string;
  degree?: string;
  openOnly?: boolean;
  deadlineAfter?: string;
} {
  const region = findRegion(message);
  const degree = findDegreeCodes(message)[0];
  const after = AFTER.exec(fold(message));
  const deadlineAfter = after ? findDates(after[1] ?? '')[0] : undefined;
  const stripped = message
    .replace(DEGREE_CODE_RE, ' ')
    // Dates are criteria (or noise), never words to look for.
    .replace(/\b\d{1,2}[/.]\d{1,2}[/.]\d{4}\b/g, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !SEARCH_STOP.has(fold(w)) && !REGION_WORDS.has(fold(w)) && !/^\d+$/.test(w));
  return {
    query: stripped.join(' '),
    ...(region ? { region } : {}),
    ...(degree ? { degree } : {}),
    ...(wantsOpenOnly(message) ? { openOnly: true } : {}),
    ...(deadlineAfter ? { deadlineAfter } : {}),
  };
}

function listLine(h: SearchHit, i: number, today: string, faults: FaultSet): string {
  const said = addDays(h.deadline, faults.has('wrong-deadline') ? 7 : 0);
  const open = said >= today || faults.has('expired-as-open');
  return `${i + 1}. «${h.title}» – ${h.administration}${h.region ? ` (${h.region})` : ''}, codice ${h.id}, ` +
    `scadenza ${formatDateIt(said)} (${open ? 'aperto' : 'scaduto'})`;
}

export async function answerSearch(
  ctx: ToolContext,
  session: Session,
  message: string,
): Promise<{ answer: string; toolCalls: ExecutedToolCall[] }> {
  const args = searchArgsFrom(message);
  const toolCalls = [await callTool(ctx, 'search_tenders', args)];
  let hits = toolCalls[0]?.result as SearchHit[];
  if (hits.length === 0 && args.query && (args.region || args.degree)) {
    // The words found nothing: the filters alone are what the citizen cares about most.
    const retry = await callTool(ctx, 'search_tenders', { ...args, query: '' });
    toolCalls.push(retry);
    hits = retry.result as SearchHit[];
  }
  if (hits.length === 0) return { answer: NO_RESULTS, toolCalls };
  session.lastSearch = hits.map((h) => h.id);
  if (hits.length === 1) session.focus = hits[0]?.id;
  const scope = `${args.region ? ` in ${args.region}` : ''}${args.degree ? ` per la classe di laurea ${args.degree}` : ''}`;
  const head = hits.length === 1 ? `Ho trovato un bando${scope}:` : `Ho trovato ${hits.length} bandi${scope}:`;
  const lines = hits.map((h, i) => listLine(h, i, ctx.today, ctx.faults));
  return {
    answer: `${head}\n${lines.join('\n')}\n\nPer i dettagli mi indichi il codice del bando che le interessa.`,
    toolCalls,
  };
}
