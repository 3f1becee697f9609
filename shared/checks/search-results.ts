/**
 * Search results: the ids a search tool returned on the judged turn (union over its calls) must include /
 * must not include given ids. The tool is the target's search role (its `results` says where the output lists
 * ids: JSONPath or a regex over text), or a tool named in the spec with dot paths to the array and the id.
 */
import type { ToolCall } from '../transcript.ts';
import { fail, fill, invalid, judgedTurn, pass } from './common.ts';
import { getPath } from './paths.ts';
import { noRoleReason } from './roles.ts';
import { extractTenderIds, type SearchResultsSpec } from '../targets/search-results.ts';
import type { CheckSpecOf } from './schema.ts';
import type { CheckContext, CheckHandler, CheckResult } from './types.ts';

type Spec = CheckSpecOf<'search-results'>;

/** Ids of one call's output read with the spec's dot paths (a named tool without a role). */
function idsByPaths(spec: Spec, call: ToolCall): { ids: string[] } | { problem: string } {
  let result = call.result;
  // Tool results often arrive as JSON text.
  if (typeof result === 'string') {
    try {
      result = JSON.parse(result) as unknown;
    } catch {
      // leave it as text: reported below as not an array
    }
  }
  const list = getPath(result, spec.resultsPath);
  if (!Array.isArray(list)) return { problem: `${call.name} result${spec.resultsPath ? ` at "${spec.resultsPath}"` : ''} is not an array` };
  const ids: string[] = [];
  for (const item of list) {
    const id = getPath(item, spec.idPath);
    if (typeof id === 'string' || typeof id === 'number') ids.push(String(id));
  }
  return { ids };
}

/** Ids read the role's way; a path that finds nothing where no empty list stands is the wrong path, not "no hits". */
function byRoleIds(results: SearchResultsSpec, output: unknown): { ids: string[] } | { problem: string } {
  const got = extractTenderIds(output, results);
  if (!got.ok) return { problem: got.reason };
  if ('path' in results && got.ids.length === 0) {
    let json = JSON.stringify(output) ?? '';
    if (typeof output === 'string') json = output;
    if (!json.includes('[]')) return { problem: `the search role's results.path ${results.path} found no ids in the output (${json.slice(0, 80)})` };
  }
  return { ids: got.ids };
}

function filled(spec: Spec, list: string[], ctx: CheckContext): { value: string[] } | { result: CheckResult } {
  const out: string[] = [];
  for (const raw of list) {
    const f = fill(spec, raw, ctx.vars);
    if ('result' in f) return f;
    out.push(f.value);
  }
  return { value: out };
}

export const searchResults: CheckHandler<Spec> = (spec, ctx) => {
  const role = ctx.roles?.search;
  const tool = spec.tool ?? role?.tool;
  if (!tool) return invalid(spec, noRoleReason('search'));
  const include = filled(spec, spec.include, ctx);
  if ('result' in include) return include.result;
  const exclude = filled(spec, spec.exclude, ctx);
  if ('result' in exclude) return exclude.result;

  const turnCalls = judgedTurn(ctx)?.toolCalls ?? [];
  const calls = turnCalls.filter((c) => c.name === tool);
  if (calls.length === 0) {
    const tender = ctx.roles?.tender;
    if (spec.acceptTenderLookup && tender) {
      const read = turnCalls.filter((c) => c.name === tender.tool).map((c) => getPath(c.arguments, tender.idArg));
      const hit = include.value.find((id) => read.some((r) => String(r) === id));
      if (hit) return pass(spec, `read the bando it names (${hit}) with ${tender.tool} instead of searching`);
    }
    return fail(spec, `${tool} was not called; called [${turnCalls.map((c) => c.name).join(', ')}]`);
  }
  if (calls.every((c) => c.result === undefined)) return invalid(spec, `the target does not expose ${tool} results`);
  const ids = new Set<string>();
  for (const call of calls) {
    if (call.result === undefined) continue;
    // A spec naming the role's own tool without paths of its own reads it the role's way too.
    const byRole = role && tool === role.tool && spec.resultsPath === '' && spec.idPath === 'id';
    const got = byRole ? byRoleIds(role.results, call.result) : idsByPaths(spec, call);
    if ('problem' in got) return invalid(spec, got.problem);
    for (const id of got.ids) ids.add(id);
  }
  const missing = include.value.filter((id) => !ids.has(id));
  const unwanted = exclude.value.filter((id) => ids.has(id));
  const total = include.value.length + exclude.value.length;
  const score = total === 0 ? 1 : (total - missing.length - unwanted.length) / total;
  const found = `returned [${[...ids].join(', ')}]`;
  if (missing.length === 0 && unwanted.length === 0) return pass(spec, `search results as expected; ${found}`, score);
  const why = [missing.length ? `missing ${missing.join(', ')}` : '', unwanted.length ? `should not include ${unwanted.join(', ')}` : ''].filter(Boolean);
  return fail(spec, `${why.join('; ')}; ${found}`, score);
};
