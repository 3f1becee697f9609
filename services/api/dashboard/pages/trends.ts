/** GET /dashboard/trends: pass rate, cost, latency, red-team success and silhouette across runs, as inline SVG. */
import { esc, pct } from '../../../../shared/report/escape.ts';
import { lineChart, type ChartPoint } from '../chart.ts';
import type { TrendRow } from '../data.ts';

export function trendsPage(rows: TrendRow[], names: string[], name: string | null): string {
  const pts = (f: (r: TrendRow) => number | null): ChartPoint[] =>
    rows.map((r) => ({ label: `${r.name} ${r.createdAt.slice(0, 16).replace('T', ' ')}`, href: `/dashboard/runs/${encodeURIComponent(r.id)}`, y: f(r) }));
  const ms = (y: number) => `${Math.round(y)} ms`;
  const filter = `<p class="row">Run name: <a href="/dashboard/trends">${name === null ? '<strong>all</strong>' : 'all'}</a>${names
    .map((n) => ` · <a href="/dashboard/trends?name=${encodeURIComponent(n)}">${n === name ? `<strong>${esc(n)}</strong>` : esc(n)}</a>`)
    .join('')}</p>`;
  return `<h1>Trends</h1>${filter}<p class="muted">${rows.length} runs, oldest left.</p>
<div class="charts">
${lineChart('Pass rate', pts((r) => r.passRate), pct)}
${lineChart('Chatbot cost (USD)', pts((r) => r.chatbotCostUsd), (y) => `$${y.toFixed(4)}`)}
${lineChart('Judge cost (USD)', pts((r) => r.judgeCostUsd), (y) => `$${y.toFixed(4)}`)}
${lineChart('Latency p50', pts((r) => r.p50), ms)}
${lineChart('Latency p95', pts((r) => r.p95), ms)}
${lineChart('Red-team success rate', pts((r) => r.redteamSuccess), pct)}
${lineChart('Silhouette', pts((r) => r.silhouette), (y) => y.toFixed(3))}
</div>`;
}
