/**
 * GET /dashboard/trends: pass rate, cost, latency, red-team success and silhouette across runs, drawn by uPlot
 * (one line per run name: a demo, a CLI run and the daily are not one series), with the numbers in a table below.
 */
import { esc, pct } from '../../../../shared/report/escape.ts';
import { usd } from '../../../../shared/report/cost.ts';
import { CHART_ASSETS, chartFigure, chartSpec, type ChartUnit } from '../chart.ts';
import type { TrendRow } from '../data.ts';

const METRICS: { title: string; unit: ChartUnit; value: (r: TrendRow) => number | null }[] = [
  { title: 'Pass rate', unit: 'pct', value: (r) => r.passRate },
  { title: 'Chatbot cost (USD)', unit: 'usd', value: (r) => r.chatbotCostUsd },
  { title: 'Judge cost (USD)', unit: 'usd', value: (r) => r.judgeCostUsd },
  { title: 'Latency p50', unit: 'ms', value: (r) => r.p50 },
  { title: 'Latency p95', unit: 'ms', value: (r) => r.p95 },
  { title: 'Red-team success rate', unit: 'pct', value: (r) => r.redteamSuccess },
  { title: 'Silhouette', unit: 'num', value: (r) => r.silhouette },
];

const runHref = (id: string) => `/dashboard/runs/${encodeURIComponent(id)}`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const ms = (y: number | null) => (y === null ? '–' : `${Math.round(y)} ms`);

export function trendsPage(rows: TrendRow[], names: string[], name: string | null): string {
  const filter = `<p class="row">Run name: <a href="/dashboard/trends">${name === null ? '<strong>all</strong>' : 'all'}</a>${names
    .map((n) => ` · <a href="/dashboard/trends?name=${encodeURIComponent(n)}">${n === name ? `<strong>${esc(n)}</strong>` : esc(n)}</a>`)
    .join('')}</p>`;
  const groups = new Set(rows.map((r) => r.name)).size;
  const charts = METRICS.map((m) =>
    chartFigure(
      chartSpec(
        m.title,
        m.unit,
        rows.map((r) => ({ group: r.name, at: r.createdAt, y: m.value(r), label: `${r.id} · ${r.createdAt.slice(0, 16).replace('T', ' ')}`, href: runHref(r.id) })),
      ),
    ),
  ).join('\n');
  const table = rows.length
    ? `<details class="trend-data"><summary>The numbers (${plural(rows.length, 'run', 'runs')})</summary><div class="scroll"><table><thead><tr><th>Run</th><th>Name</th><th>Created</th><th>Pass rate</th><th>Chatbot cost</th><th>Judge cost</th><th>p50</th><th>p95</th><th>Red-team success</th><th>Silhouette</th></tr></thead><tbody>
${[...rows]
  .reverse()
  .map((r) => `<tr><td><a href="${esc(runHref(r.id))}">${esc(r.id)}</a></td><td>${esc(r.name)}</td><td>${esc(r.createdAt.slice(0, 16).replace('T', ' '))}</td><td>${pct(r.passRate)}</td><td>${usd(r.chatbotCostUsd)}</td><td>${usd(r.judgeCostUsd)}</td><td>${ms(r.p50)}</td><td>${ms(r.p95)}</td><td>${pct(r.redteamSuccess)}</td><td>${r.silhouette === null ? '–' : r.silhouette.toFixed(3)}</td></tr>`)
  .join('\n')}
</tbody></table></div></details>`
    : '';
  return `<h1>Trends</h1>${filter}<p class="muted">${plural(rows.length, 'run', 'runs')} of ${plural(groups, 'name', 'names')}, one line per run name; hover a point for its run, click to open it.</p>
<div class="charts">
${charts}
</div>${table}${CHART_ASSETS}`;
}
