/**
 * Proposing the `roles:` block from what the probe observed, with no tool name assumed:
 * - search: the tool whose output lists several tender ids (a JSON list of objects with an id-like key → a
 *   JSONPath; text → a regex built from the ids' shape);
 * - tender: the tool one of whose arguments carries the tender id asked about (the argument is `idArg`);
 * - knowledge: a tool called for the general (FAQ) question that plays neither of the other roles.
 */
import type { ToolCall } from '../../transcript.ts';
import { extractTenderIds } from '../search-results.ts';
import type { TargetRolesInput } from '../roles.ts';

/** The free-text topic of the probe's second search question: the argument carrying it is `queryArg`. */
export const SEARCH_TOPIC = ['istruttore', 'amministrativo'];

export type QuestionKind = 'greeting' | 'faq' | 'search' | 'content';

export interface Observed {
  kind: QuestionKind;
  question: string;
  toolCalls: ToolCall[];
}

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const ID_KEY = /^(id|code|codice|codice_?bando|tender_?id|uid|key|ref|reference|numero|identificativo)$/i;

/** Tokens that may be ids: a digit, and a letter or a separator (dates like 05/02/2027 and times are not). */
function idTokens(text: string): string[] {
  return (text.match(/[A-Za-z0-9][A-Za-z0-9_\-/.]*[A-Za-z0-9]/g) ?? []).filter(
    (t) => t.length >= 4 && t.length <= 40 && /\d/.test(t) && (/[A-Za-z]/.test(t) || /^\d+[-_]\d+/.test(t)) && !/^\d{4}-\d{2}-\d{2}/.test(t),
  );
}

const shapeOf = (t: string) => t.replace(/[A-Z]/g, 'A').replace(/[a-z]/g, 'a').replace(/\d/g, '9');

/** A regex matching ids like the given ones: letters shared by all kept literal, digit runs as \d{n}. */
export function regexForIds(ids: string[]): string {
  const first = ids[0] ?? '';
  let out = '';
  for (const m of first.matchAll(/\d+|[A-Za-z]+|[^A-Za-z\d]+/g)) {
    const part = m[0];
    const at = m.index;
    if (/^\d+$/.test(part)) out += `\\d{${part.length}}`;
    else if (/^[A-Za-z]+$/.test(part)) out += ids.every((id) => id.slice(at, at + part.length) === part) ? part : `[A-Za-z]{${part.length}}`;
    else out += part.replace(/[.*+?^${}()|[\]\\/-]/g, (c) => (c === '-' || c === '/' ? c : `\\${c}`));
  }
  return `\\b(${out})\\b`;
}

/** The most repeated id shape in a text (at least two distinct ids), or undefined. */
function idsInText(text: string, shape?: string): string[] {
  const byShape = new Map<string, Set<string>>();
  for (const t of idTokens(text)) {
    const s = shapeOf(t);
    if (shape && s !== shape) continue;
    byShape.set(s, (byShape.get(s) ?? new Set()).add(t));
  }
  const best = [...byShape.values()].sort((a, b) => b.size - a.size)[0];
  return best && best.size >= (shape ? 1 : 2) ? [...best] : [];
}

function parsedJson(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return undefined;
  }
}

/** A JSONPath to an id-like key in a list of objects inside a JSON result, with the ids it gives. */
function jsonIdPath(v: unknown, path = '$'): { path: string; ids: string[] } | undefined {
  if (Array.isArray(v)) {
    const items = v.filter(isRecord);
    if (items.length >= 1) {
      const key = Object.keys(items[0] ?? {}).find((k) => ID_KEY.test(k) && items.every((i) => typeof i[k] === 'string' || typeof i[k] === 'number'));
      if (key) return { path: `${path}[*].${key}`, ids: items.map((i) => String(i[key])) };
    }
    return undefined;
  }
  if (isRecord(v)) {
    for (const [k, child] of Object.entries(v)) {
      const hit = jsonIdPath(child, `${path}.${k}`);
      if (hit) return hit;
    }
  }
  return undefined;
}

export interface SearchGuess {
  tool: string;
  results: { path: string } | { regex: string };
  ids: string[];
  queryArg?: string;
}

/** The search tool: the call whose result lists the most distinct ids. */
export function guessSearch(observed: Observed[], knownId?: string): SearchGuess | undefined {
  let best: SearchGuess | undefined;
  for (const o of observed) {
    for (const call of o.toolCalls) {
      const json = parsedJson(call.result);
      let guess: SearchGuess | undefined;
      const hit = json === undefined ? undefined : jsonIdPath(json);
      if (hit && hit.ids.length >= 2) guess = { tool: call.name, results: { path: hit.path }, ids: hit.ids };
      else if (typeof call.result === 'string' || call.result !== undefined) {
        const text = typeof call.result === 'string' ? call.result : JSON.stringify(call.result);
        const ids = idsInText(text, knownId ? shapeOf(knownId) : undefined);
        if (ids.length >= 2) {
          const results = { regex: regexForIds(ids) };
          const read = extractTenderIds(call.result, results);
          if (read.ok && read.ids.length >= 2) guess = { tool: call.name, results, ids: read.ids };
        }
      }
      if (!guess || (best && best.ids.length >= guess.ids.length)) continue;
      best = guess;
    }
  }
  if (!best) return undefined;
  // The free-text argument: the one that carried the topic of the topic question.
  const tool = best.tool;
  const topicCalls = observed.filter((o) => SEARCH_TOPIC.every((w) => o.question.includes(w))).flatMap((o) => o.toolCalls.filter((c) => c.name === tool));
  const queryArg = topicCalls
    .flatMap((c) => Object.entries(c.arguments))
    .find(([, v]) => typeof v === 'string' && SEARCH_TOPIC.some((w) => v.toLowerCase().includes(w.slice(0, 6))))?.[0];
  if (queryArg) best.queryArg = queryArg;
  return best;
}

/** The dotted path of the argument whose value is (or contains, alone) the id. */
function argHolding(args: unknown, id: string, prefix = ''): string | undefined {
  if (!isRecord(args)) return undefined;
  for (const [k, v] of Object.entries(args)) {
    const here = prefix ? `${prefix}.${k}` : k;
    if ((typeof v === 'string' || typeof v === 'number') && String(v).trim().toUpperCase() === id.toUpperCase()) return here;
    const nested = argHolding(v, id, here);
    if (nested) return nested;
  }
  return undefined;
}

export function proposeRoles(observed: Observed[], tenderId: string | undefined, search: SearchGuess | undefined): { roles: TargetRolesInput; notes: string[] } {
  const roles: TargetRolesInput = {};
  const notes: string[] = [];
  if (search) roles.search = { tool: search.tool, ...(search.queryArg ? { queryArg: search.queryArg } : {}), results: search.results };
  else notes.push('search: no tool output listing several tender ids was seen (was the search question answered with a tool?)');

  if (tenderId) {
    const ordered = [...observed.filter((o) => o.kind === 'content'), ...observed.filter((o) => o.kind !== 'content')];
    for (const o of ordered) {
      const call = o.toolCalls.find((c) => c.name !== search?.tool && argHolding(c.arguments, tenderId));
      if (call) {
        roles.tender = { tool: call.name, idArg: argHolding(call.arguments, tenderId) ?? 'id' };
        break;
      }
    }
    if (!roles.tender) notes.push(`tender: no tool was called with ${tenderId} as an argument (did the content question reach a tool?)`);
  } else notes.push('tender: no tender id to ask about (give --tender <id>)');

  const taken = new Set([roles.search?.tool, roles.tender?.tool]);
  const faq = observed.filter((o) => o.kind === 'faq').flatMap((o) => o.toolCalls).find((c) => !taken.has(c.name));
  if (faq) roles.knowledge = { tool: faq.name };
  else notes.push('knowledge: the general question called no other tool (fine if the bot has no FAQ tool)');
  return { roles, notes };
}
