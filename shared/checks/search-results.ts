/**
 * Search results: the ids a search tool returned on the judged turn (union over its calls) must include /
 * must not include given ids. Tool name, result-array path and id path are configurable.
 */
import { fail, fill, invalid, judgedTurn, pass } from './common.ts';
import { getPath } from './paths.ts';
import type { CheckSpecOf } from './schema.ts';
import type { CheckHandler } from './types.ts';

export const searchResults: CheckHandler<CheckSpecOf<'search-results'>> = (spec, ctx) => {
  const calls = (judgedTurn(ctx)?.toolCalls ?? []).filter((c) => c.name === spec.tool);
  if (calls.length === 0) return fail(spec, `${spec.tool} was not called`);
  if (calls.every((c) => c.result === undefined)) {
    return invalid(spec, `the target does not expose ${spec.tool} results`);
  }
  const ids = new Set<string>();
  for (const call of calls) {
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
    if (!Array.isArray(list)) {
      return invalid(spec, `${spec.tool} result${spec.resultsPath ? ` at "${spec.resultsPath}"` : ''} is not an array`);
    }
    for (const item of list) {
      const id = getPath(item, spec.idPath);
      if (typeof id === 'string' || typeof id === 'number') ids.add(String(id));
    }
  }
  const resolve = (list: string[]) => {
    const out: string[] = [];
    for (const raw of list) {
      const f = fill(spec, raw, ctx.vars);
      if ('result' in f) return f;
      out.push(f.value);
    }
    return { value: out };
  };
  const include = resolve(spec.include);
  if ('result' in include) return include.result;
  const exclude = resolve(spec.exclude);
  if ('result' in exclude) return exclude.result;
  const missing = include.value.filter((id) => !ids.has(id));
  const unwanted = exclude.value.filter((id) => ids.has(id));
  const total = include.value.length + exclude.value.length;
  const score = total === 0 ? 1 : (total - missing.length - unwanted.length) / total;
  const found = `returned [${[...ids].join(', ')}]`;
  if (missing.length === 0 && unwanted.length === 0) return pass(spec, `search results as expected; ${found}`, score);
  const why = [
    missing.length ? `missing ${missing.join(', ')}` : '',
    unwanted.length ? `should not include ${unwanted.join(', ')}` : '',
  ].filter(Boolean);
  return fail(spec, `${why.join('; ')}; ${found}`, score);
};
