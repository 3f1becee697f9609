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
    // RFC 9535 JSONPath, filters included (the legacy parenthesised filter form too)
    ['$.tool_calls[?@.function.name=="fetch"].function.arguments', ['{"id":1}']],
    ['tool_calls[?(@.function.name=="search")].function.name', ['search']],
    ["$.tool_calls[?@.function.arguments!='{}'].function.name", ['fetch']],
    ['$..name', ['search', 'fetch']],
    ['$.tool_calls[?match(@.function.name, "s.*")].function.name', ['search']],
    ['@.data.answer', ['sì']],
  ])('%s', (path, expected) => {
    expect(selectAll(path, body)).toEqual(expected);
  });

  it('selectOne gives the first match or undefined', () => {
    expect(selectOne('tool_calls[*].function.name', body)).toBe('search');
    expect(selectOne('nope', body)).toBeUndefined();
  });

  it('keeps the old shorthand for keys RFC 9535 would need brackets for', () => {
    const odd = { 'content-type': { 'x y': 1 }, list: [{ 'a-b': 2 }] };
    expect(selectAll('content-type', odd)).toEqual([{ 'x y': 1 }]);
    expect(selectAll('list[-1].a-b', odd)).toEqual([2]);
  });

  it('reports the real data.trace.steps[?(@.kind=="tool")] case', () => {
    const trace = { data: { trace: { steps: [{ kind: 'tool', n: 1 }, { kind: 'text' }, { kind: 'tool', n: 2 }] } } };
    expect(selectAll('data.trace.steps[?(@.kind=="tool")]', trace)).toEqual([{ kind: 'tool', n: 1 }, { kind: 'tool', n: 2 }]);
  });

  it.each(['a[', 'a[x]', 'a[0', 'a["x]', 'a b', '$.a[?@.b=]'])('rejects %s', (path) => {
    expect(() => compilePath(path)).toThrow(/bad path/);
  });
});
