/** The response path language, table-driven. */
import { describe, expect, it } from 'vitest';
import { compilePath, selectAll, selectOne } from '../../shared/targets/index.ts';

const body = {
  data: { answer: 'sì', 'key.with.dots': 1 },
  tool_calls: [
    { function: { name: 'search', arguments: '{}' } },
    { function: { name: 'fetch', arguments: '{"id":1}' } },
  ],
  empty: [],
  zero: 0,
  nothing: null,
};

describe('path expressions', () => {
  it.each([
    ['data.answer', ['sì']],
    ['$.data.answer', ['sì']],
    ['data["key.with.dots"]', [1]],
    ["data['key.with.dots']", [1]],
    ['tool_calls[0].function.name', ['search']],
    ['tool_calls[-1].function.name', ['fetch']],
    ['tool_calls[*].function.name', ['search', 'fetch']],
    ['tool_calls.*.function.arguments', ['{}', '{"id":1}']],
    ['data.*', ['sì', 1]],
    ['empty[*]', []],
    ['zero', [0]],
    ['nothing', [null]],
    ['missing.deep.path', []],
    ['tool_calls[5].function', []],
    ['data.answer.length', []],
    ['$', [body]],
  ])('%s', (path, expected) => {
    expect(selectAll(path, body)).toEqual(expected);
  });

  it('selectOne gives the first match or undefined', () => {
    expect(selectOne('tool_calls[*].function.name', body)).toBe('search');
    expect(selectOne('nope', body)).toBeUndefined();
  });

  it.each(['a[', 'a[x]', 'a..b', 'a[0', 'a["x]', 'a b'])('rejects %s', (path) => {
    expect(() => compilePath(path)).toThrow(/bad path/);
  });
});
