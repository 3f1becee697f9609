/** Server-side line charts as inline SVG: no chart library, no script, works under a strict CSP. */
import { esc } from '../../../shared/report/escape.ts';

export interface ChartPoint {
  label: string;
  href?: string;
  y: number | null;
}

const W = 600;
const H = 220;
const PAD = { l: 56, r: 14, t: 14, b: 30 };

/** Gaps (null) split the line into segments: a missing value is not a zero. */
export function lineChart(title: string, points: ChartPoint[], fmt: (y: number) => string): string {
  const ys = points.map((p) => p.y).filter((y): y is number => y !== null && Number.isFinite(y));
  const head = `<figure class="chart"><figcaption><strong>${esc(title)}</strong></figcaption>`;
  if (!ys.length) return `${head}<p class="muted">No data yet.</p></figure>`;
  let lo = Math.min(...ys);
  let hi = Math.max(...ys);
  if (hi === lo) {
    const pad = Math.abs(hi) * 0.1 || 1;
    lo -= pad;
    hi += pad;
  }
  const x = (i: number) => PAD.l + (points.length === 1 ? (W - PAD.l - PAD.r) / 2 : (i * (W - PAD.l - PAD.r)) / (points.length - 1));
  const y = (v: number) => PAD.t + (1 - (v - lo) / (hi - lo)) * (H - PAD.t - PAD.b);
  const segments: string[][] = [[]];
  points.forEach((p, i) => {
    if (p.y === null || !Number.isFinite(p.y)) segments.push([]);
    else segments[segments.length - 1]!.push(`${x(i).toFixed(1)},${y(p.y).toFixed(1)}`);
  });
  const lines = segments
    .filter((s) => s.length > 0)
    .map((s) => `<polyline fill="none" stroke="#0b5cad" stroke-width="2" points="${s.join(' ')}"/>`)
    .join('');
  const dots = points
    .map((p, i) => {
      if (p.y === null || !Number.isFinite(p.y)) return '';
      const dot = `<circle cx="${x(i).toFixed(1)}" cy="${y(p.y).toFixed(1)}" r="3.5" fill="#0b5cad"><title>${esc(p.label)}: ${esc(fmt(p.y))}</title></circle>`;
      return p.href ? `<a href="${esc(p.href)}">${dot}</a>` : dot;
    })
    .join('');
  const grid = [lo, (lo + hi) / 2, hi]
    .map((v) => `<line x1="${PAD.l}" x2="${W - PAD.r}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="#d8dee6"/><text x="${PAD.l - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end" font-size="12" fill="#657080">${esc(fmt(v))}</text>`)
    .join('');
  const first = points[0]!.label;
  const last = points[points.length - 1]!.label;
  const axis = `<text x="${PAD.l}" y="${H - 8}" font-size="12" fill="#657080">${esc(first)}</text>${points.length > 1 ? `<text x="${W - PAD.r}" y="${H - 8}" text-anchor="end" font-size="12" fill="#657080">${esc(last)}</text>` : ''}`;
  return `${head}<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(title)}" xmlns="http://www.w3.org/2000/svg">${grid}${axis}${lines}${dots}</svg></figure>`;
}
