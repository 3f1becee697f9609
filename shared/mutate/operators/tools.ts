/**
 * Wrong tool use, found through the target's roles (never by tool name): the tender tool called with
 * another bando's id, the tender tool not called at all, search filters dropped (results widened), and
 * the previous bando's answer given for the current one (stale scope).
 */
import type { ToolCall } from '../../transcript.ts';
import type { MutationContext, MutationOperator, MutationSubject } from '../types.ts';
import { argAt, mapToolCalls, notApplicable, otherTender, withArg } from './common.ts';

const noRole = (role: string) => notApplicable(`the target declares no ${role} tool role`);

export const swapTenderId: MutationOperator = {
  id: 'swap-tender-id',
  description: "the tender tool called with another bando's id",
  catchers: { checks: ['tool-use'], detectors: [] },
  subjects: 'case',
  mutate(s, ctx) {
    const role = ctx.roles?.tender;
    if (!role) return noRole('tender');
    let other: string | undefined;
    const { transcript, changed } = mapToolCalls(s.transcript, (call) => {
      if (call.name !== role.tool) return undefined;
      const id = argAt(call.arguments, role.idArg);
      if (typeof id !== 'string') return undefined;
      other = otherTender(ctx, id);
      return other ? { ...call, arguments: withArg(call.arguments, role.idArg, other) } : undefined;
    });
    return changed ? { applies: true, transcript, change: `${role.idArg} → ${other}` } : notApplicable('no tender tool call with an id (or no other bando in the run)');
  },
  suggest: (s, ctx) =>
    ctx.roles?.tender && s.tenderId
      ? { type: 'tool-use', hard: true, tools: [{ tool: ctx.roles.tender.tool, args: { [ctx.roles.tender.idArg]: { equals: s.tenderId } } }] }
      : undefined,
};

export const dropTenderCall: MutationOperator = {
  id: 'drop-tender-call',
  description: 'the answer given without calling the tender tool',
  catchers: { checks: ['tool-use'], detectors: [] },
  subjects: 'case',
  mutate(s, ctx) {
    const role = ctx.roles?.tender;
    if (!role) return noRole('tender');
    const { transcript, changed } = mapToolCalls(s.transcript, (call) => (call.name === role.tool ? null : undefined));
    return changed ? { applies: true, transcript, change: `${changed} tender tool call(s) dropped` } : notApplicable('no tender tool call to drop');
  },
  suggest: (_s, ctx) => (ctx.roles?.tender ? { type: 'tool-use', hard: true, tools: [ctx.roles.tender.tool] } : undefined),
};

/** The JSON array a text holds, else undefined. Only a text opening with '[' is parsed: a failed parse throws, which costs more than the rest. */
function jsonArray(text: string): unknown[] | undefined {
  if (!/^\s*\[/.test(text)) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Adds ids to a search result in the form it came in (JSON array of objects, JSON text, or plain text lines). */
function widen(result: unknown, extra: ToolCall['result'][], ids: string[]): unknown {
  if (Array.isArray(result)) return [...result, ...extra];
  if (typeof result === 'string') {
    const parsed = jsonArray(result);
    if (parsed) return JSON.stringify([...parsed, ...extra]);
    // plain text: one line per added bando
    return `${result}\n${ids.map((id) => `- ${id}`).join('\n')}`;
  }
  return result;
}

/**
 * Bandi a widened search may bring back: when the case's bando has known regions, only bandi located elsewhere
 * (outside any place filter the query could have); otherwise any bando of the run.
 */
function outsideFilters(s: MutationSubject, ctx: MutationContext) {
  const own = ctx.corpus.find((t) => t.id === s.tenderId)?.regions;
  if (!own?.length) return ctx.corpus;
  return ctx.corpus.filter((t) => t.regions?.length && !t.regions.some((r) => own.includes(r)));
}

export const dropSearchFilter: MutationOperator = {
  id: 'drop-search-filter',
  description: "the search ignores the user's filters: bandi outside them come back",
  // Only a check that says what must NOT come back can see results widened; an include-only check cannot.
  catchers: { checks: [{ type: 'search-results', when: (spec) => ((spec as { exclude?: unknown[] }).exclude?.length ?? 0) > 0 }], detectors: [] },
  subjects: 'case',
  mutate(s, ctx) {
    const role = ctx.roles?.search;
    if (!role) return noRole('search');
    const present = new Set<string>();
    const candidates = outsideFilters(s, ctx);
    const { transcript, changed } = mapToolCalls(s.transcript, (call) => {
      if (call.name !== role.tool || call.result === undefined) return undefined;
      const text = typeof call.result === 'string' ? call.result : JSON.stringify(call.result);
      for (const t of ctx.corpus) if (text.includes(t.id)) present.add(t.id);
      const add = candidates.filter((t) => !present.has(t.id)).slice(0, 3);
      if (add.length === 0) return undefined;
      const args = Object.fromEntries(Object.entries(call.arguments).filter(([k]) => k === role.queryArg));
      return { ...call, arguments: args, result: widen(call.result, add.map((t) => ({ id: t.id, title: t.title })), add.map((t) => `${t.id} ${t.title}`)) };
    });
    return changed ? { applies: true, transcript, change: 'filters dropped, up to 3 other bandi returned' } : notApplicable('no search tool call with a result (or nothing to add)');
  },
};

/** The other subject's answers and tool calls in place of this one's: the bot answered about the previous bando. */
function staleFrom(s: MutationSubject, other: MutationSubject | undefined, ctx: MutationContext) {
  if (!other || !s.tenderId || !other.tenderId || other.tenderId === s.tenderId) return undefined;
  const donor = other.transcript.turns.filter((t) => t.assistant !== null).at(-1);
  if (!donor) return undefined;
  const last = s.transcript.turns.filter((t) => t.assistant !== null).at(-1);
  if (!last) return undefined;
  const role = ctx.roles?.tender;
  const turns = s.transcript.turns.map((t) => (t.index === last.index ? { ...t, assistant: donor.assistant, toolCalls: donor.toolCalls } : t));
  return { transcript: { ...s.transcript, turns }, change: `last answer taken from ${other.tenderId}${role ? '' : ' (no tender role: tool calls copied as they were)'}` };
}

export const staleScope: MutationOperator = {
  id: 'stale-scope',
  description: 'the answer (and tool calls) about the previous bando instead of the one asked about',
  catchers: { checks: ['tool-use', 'fact-match', 'search-results', 'contains', 'keywords'], detectors: [] },
  subjects: 'case',
  mutate(s, ctx) {
    const r = staleFrom(s, ctx.other, ctx);
    return r ? { applies: true, ...r } : notApplicable('no other bando in the run to answer about');
  },
};
