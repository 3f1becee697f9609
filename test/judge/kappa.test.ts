import { describe, expect, it } from 'vitest';
import { cohensKappa } from '../../shared/judge/index.ts';

/** Expand a 2x2 agreement table (rater A rows, rater B columns) into two label arrays. */
function fromTable(t: readonly number[]): [string[], string[]] {
  const [yy = 0, yn = 0, ny = 0, nn = 0] = t;
  const a: string[] = [];
  const b: string[] = [];
  const add = (n: number, x: string, y: string) => {
    for (let i = 0; i < n; i++) {
      a.push(x);
      b.push(y);
    }
  };
  add(yy, 'yes', 'yes');
  add(yn, 'yes', 'no');
  add(ny, 'no', 'yes');
  add(nn, 'no', 'no');
  return [a, b];
}

describe('cohensKappa', () => {
  it.each([
    // Textbook examples: po 0.70, pe 0.50 → 0.4; po 0.60, pe 0.54 → 0.1304.
    { table: [20, 5, 10, 15] as const, kappa: 0.4 },
    { table: [45, 15, 25, 15] as const, kappa: 0.06 / 0.46 },
    // Perfect agreement, and systematic disagreement (every label swapped) → -1.
    { table: [10, 0, 0, 10] as const, kappa: 1 },
    { table: [0, 10, 10, 0] as const, kappa: -1 },
  ])('gives $kappa for the table $table', ({ table, kappa }) => {
    const [a, b] = fromTable(table);
    expect(cohensKappa(a, b)).toBeCloseTo(kappa, 4);
  });

  it('is 0 when one rater always says the same and the other varies', () => {
    expect(cohensKappa(['pass', 'pass', 'pass', 'pass'], ['pass', 'fail', 'pass', 'fail'])).toBeCloseTo(0, 10);
  });

  it('handles more than two labels', () => {
    // 3 categories, po = 0.6, pe = (2*2 + 2*1 + 1*2)/25 = 0.32 → (0.6 - 0.32)/0.68.
    expect(cohensKappa(['a', 'a', 'b', 'b', 'c'], ['a', 'b', 'b', 'c', 'c'])).toBeCloseTo(0.28 / 0.68, 6);
  });

  it('rejects label lists of different lengths', () => {
    expect(() => cohensKappa(['a'], ['a', 'b'])).toThrow(/1 labels against 2/);
  });
});
