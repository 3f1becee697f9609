/**
 * How far the humans agree with the machine, per mandate: the share of labels that agreed and Cohen's kappa
 * between the machine's outcomes and the humans' (a disagreement means the human's outcome is the other one).
 * Kappa discounts the agreement chance alone gives: a judge that passes everything agrees often and learns nothing.
 */
import { cohensKappa } from '../judge/kappa.ts';

export interface LabelFact {
  mandate: string;
  machineOutcome: 'pass' | 'fail';
  agree: boolean;
  createdAt: Date;
}

export interface Agreement {
  mandate: string;
  labels: number;
  agreed: number;
  /** agreed / labels. */
  agreement: number;
  /** null when there are no labels. */
  kappa: number | null;
  /** kappa below the bar over at least the minimum number of labels. */
  warn: boolean;
}

export interface KappaBar {
  /** VAGLIO_REVIEW_KAPPA_MIN */
  kappaMin: number;
  /** VAGLIO_REVIEW_MIN_LABELS: fewer labels say too little to warn on. */
  minLabels: number;
}

export const humanOutcome = (l: Pick<LabelFact, 'machineOutcome' | 'agree'>): 'pass' | 'fail' =>
  l.agree ? l.machineOutcome : l.machineOutcome === 'pass' ? 'fail' : 'pass';

function agreementOf(mandate: string, rows: LabelFact[], bar: KappaBar): Agreement {
  const agreed = rows.filter((r) => r.agree).length;
  const k = cohensKappa(rows.map((r) => r.machineOutcome), rows.map(humanOutcome));
  const kappa = Number.isNaN(k) ? null : k;
  return { mandate, labels: rows.length, agreed, agreement: rows.length ? agreed / rows.length : 0, kappa, warn: kappa !== null && rows.length >= bar.minLabels && kappa < bar.kappaMin };
}

const byMandate = (rows: LabelFact[]) => {
  const m = new Map<string, LabelFact[]>();
  for (const r of rows) m.set(r.mandate, [...(m.get(r.mandate) ?? []), r]);
  return [...m.entries()].sort(([a], [b]) => a.localeCompare(b));
};

export function agreementByMandate(rows: LabelFact[], bar: KappaBar): Agreement[] {
  return byMandate(rows).map(([mandate, rs]) => agreementOf(mandate, rs, bar));
}

/** Monday 00:00 UTC of the label's week. */
const weekOf = (d: Date) => {
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString();
};

/** Agreement per mandate and week (labels given that week), oldest first: the kappa-over-time chart. */
export function agreementByWeek(rows: LabelFact[], bar: KappaBar): (Agreement & { week: string })[] {
  return byMandate(rows).flatMap(([mandate, rs]) => {
    const weeks = new Map<string, LabelFact[]>();
    for (const r of rs) weeks.set(weekOf(r.createdAt), [...(weeks.get(weekOf(r.createdAt)) ?? []), r]);
    return [...weeks.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([week, ws]) => ({ week, ...agreementOf(mandate, ws, bar) }));
  });
}
