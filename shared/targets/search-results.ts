/**
 * Reading the tender ids out of a search tool's output, as the target's `roles.search.results` says:
 * `path`, an RFC 9535 JSONPath over the JSON output (JSON given as a string is parsed first), or
 * `regex` over the text output (the first capture group, or the whole match, is an id). Used by the
 * search-results check and by `vaglio target probe`.
 */
import { selectAll } from './path.ts';
import { jsonType } from './response-mapping.ts';
import type { TargetRoles } from './roles.ts';

export type SearchResultsSpec = NonNullable<TargetRoles['search']>['results'];

export type TenderIdsResult = { ok: true; ids: string[] } | { ok: false; reason: string };

const regexes = new Map<string, RegExp>();
function compiled(source: string): RegExp {
  let re = regexes.get(source);
  if (!re) {
    re = new RegExp(source, 'gu'); // validated when the target file was read
    if (regexes.size > 100) regexes.clear();
    regexes.set(source, re);
  }
  return re;
}

function unique(ids: string[]): string[] {
  return [...new Set(ids.map((s) => s.trim()).filter((s) => s !== ''))];
}

/** The tender ids a search tool's result lists, in order, without duplicates; or why they cannot be read. */
export function extractTenderIds(result: unknown, spec: SearchResultsSpec): TenderIdsResult {
  if (result === undefined || result === null) return { ok: false, reason: 'the search tool call carries no result' };
  if ('regex' in spec) {
    const text = typeof result === 'string' ? result : JSON.stringify(result);
    const ids: string[] = [];
    for (const m of text.matchAll(compiled(spec.regex))) ids.push(m[1] ?? m[0]);
    return { ok: true, ids: unique(ids) };
  }
  let json = result;
  if (typeof result === 'string') {
    try {
      json = JSON.parse(result);
    } catch {
      return { ok: false, reason: `the search result is text, not JSON, so the path "${spec.path}" cannot be applied (use results.regex)` };
    }
  }
  const ids: string[] = [];
  for (const v of selectAll(spec.path, json)) {
    if (typeof v === 'string' || typeof v === 'number') ids.push(String(v));
    else return { ok: false, reason: `the search result has ${jsonType(v)} at "${spec.path}", not an id` };
  }
  return { ok: true, ids: unique(ids) };
}
