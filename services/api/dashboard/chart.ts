/**
 * Line charts drawn in the browser by uPlot (assets/charts.js), from a spec the page embeds as JSON
 * (`<script type="application/json">` is data, not code, so the strict CSP holds). One series per group (run
 * name, mandate), aligned on one time axis; each point knows the run it came from for its tooltip and link.
 */
import { esc } from '../../../shared/report/escape.ts';

/** How values read on the axis and in tooltips; bounds keep a flat series from showing impossible values. */
export type ChartUnit = 'pct' | 'usd' | 'ms' | 'num' | 'kappa';

export interface ChartPoint {
  /** The group the point belongs to: one line per group. */
  group: string;
  /** ISO time of the run. */
  at: string;
  y: number | null;
  /** What the tooltip says about the point (run id, …) and where clicking it goes. */
  label: string;
  href?: string;
}

export interface ChartSpec {
  title: string;
  unit: ChartUnit;
  /** x in unix seconds, ascending; one entry per distinct time. */
  x: number[];
  series: { label: string; values: (number | null)[]; points: ({ label: string; href?: string } | null)[] }[];
  /** A horizontal line (e.g. the kappa bar), drawn dashed. */
  threshold?: number;
}

/** Points → aligned series: each group's values at every x (null where the group has no run then). */
export function chartSpec(title: string, unit: ChartUnit, points: ChartPoint[], threshold?: number): ChartSpec {
  const x = [...new Set(points.map((p) => Math.round(Date.parse(p.at) / 1000)))].sort((a, b) => a - b);
  const at = new Map(x.map((t, i) => [t, i]));
  const groups = [...new Set(points.map((p) => p.group))].sort();
  const series = groups.map((label) => ({
    label,
    values: x.map((): number | null => null),
    points: x.map((): { label: string; href?: string } | null => null),
  }));
  for (const p of points) {
    if (p.y === null || !Number.isFinite(p.y)) continue;
    const s = series[groups.indexOf(p.group)]!;
    const i = at.get(Math.round(Date.parse(p.at) / 1000))!;
    s.values[i] = p.y;
    s.points[i] = { label: p.label, ...(p.href ? { href: p.href } : {}) };
  }
  return { title, unit, x, series: series.filter((s) => s.values.some((v) => v !== null)), ...(threshold === undefined ? {} : { threshold }) };
}

/** JSON inside a <script> element: `<` escaped so no value can close the element. */
const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

/** The chart's figure: a title, the canvas uPlot fills, and the spec; "No data yet." when no series has a value. */
export function chartFigure(spec: ChartSpec): string {
  const head = `<figure class="chart" data-chart><figcaption><strong>${esc(spec.title)}</strong></figcaption>`;
  if (!spec.series.length) return `${head}<p class="muted">No data yet.</p></figure>`;
  return `${head}<div class="chart-plot"></div><script type="application/json" class="chart-spec">${scriptJson(spec)}</script></figure>`;
}

/** The scripts and stylesheet a page with charts needs (served by the dashboard router, no CDN). */
export const CHART_ASSETS = `<link rel="stylesheet" href="/dashboard/assets/charts.css"><script src="/dashboard/assets/uplot.js"></script><script src="/dashboard/assets/charts.js"></script>`;
