/**
 * The one walk over a JSON value that both the api's request hygiene (`firstProblem`) and the input schemas
 * (`nulPaths`) use: the places each names for a NUL in a string or a key, and for nesting too deep.
 */
import { describe, expect, it } from 'vitest';
import { nulPaths } from '../../shared/db/storable.ts';
import { firstProblem } from '../../services/api/hygiene.ts';

const nested = (levels: number): unknown => (levels === 0 ? 'fondo' : { giù: nested(levels - 1) });

describe('nulPaths', () => {
  it('names each string and each key holding a NUL, depth-first in key order, the key last', () => {
    const v = { titolo: 'Bando\u0000', casi: [{ domanda: 'ok' }, { domanda: 'Quando\u0000?', ['k\u0000']: 1 }] };
    expect(nulPaths(v)).toEqual([['titolo'], ['casi', 1, 'domanda'], ['casi', 1, 'k\u0000']]);
  });

  it('stops at the limit, and finds nothing in a value without a NUL', () => {
    expect(nulPaths(['\u0000', '\u0000', '\u0000'], 2)).toEqual([[0], [1]]);
    expect(nulPaths({ a: ['b', { c: 1, d: null }] })).toEqual([]);
  });
});

describe('firstProblem', () => {
  it('names a NUL in a string with its path, and a NUL in a key with the object holding it', () => {
    expect(firstProblem({ tasks: [{ payload: { value: 'x\u0000' } }] }, 'body')).toBe('body.tasks[0].payload.value: contains a NUL byte (\\u0000), which cannot be stored');
    expect(firstProblem({ tasks: [{ payload: { ['k\u0000']: 1 } }] }, 'body')).toBe('body.tasks[0].payload: a key contains a NUL byte (\\u0000)');
  });

  it('names nesting deeper than the limit, and nothing for a clean value at the limit', () => {
    expect(firstProblem(nested(4), 'body', 3)).toBe('body.giù.giù.giù: nested deeper than 3 levels (the limit for a request body)');
    expect(firstProblem(nested(3), 'body', 3)).toBeUndefined();
  });
});
