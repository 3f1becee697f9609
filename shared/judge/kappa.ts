/**
 * Cohen's kappa: agreement between two raters beyond what chance alone would give,
 * k = (po - pe) / (1 - pe), with po the observed agreement and pe the agreement expected from each
 * rater's label frequencies. 1 is perfect, 0 chance level, negative worse than chance.
 */
export function cohensKappa(a: readonly string[], b: readonly string[]): number {
  if (a.length !== b.length) throw new Error(`cohensKappa: ${a.length} labels against ${b.length}`);
  const n = a.length;
  if (n === 0) return Number.NaN;
  const countA = new Map<string, number>();
  const countB = new Map<string, number>();
  let agree = 0;
  for (let i = 0; i < n; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) agree++;
    countA.set(x, (countA.get(x) ?? 0) + 1);
    countB.set(y, (countB.get(y) ?? 0) + 1);
  }
  const po = agree / n;
  let pe = 0;
  for (const [label, ca] of countA) pe += (ca / n) * ((countB.get(label) ?? 0) / n);
  // Both raters gave one and the same label to everything: kappa is 0/0; call total agreement perfect.
  if (pe === 1) return po === 1 ? 1 : 0;
  return (po - pe) / (1 - pe);
}
