/** GET /dashboard: the runs list with live status, progress and pass rate (refreshed by app.js every 2 s). */
import { esc, pct } from '../../../../shared/report/escape.ts';
import type { RunRow } from '../data.ts';
import { progressBar } from '../layout.ts';

export function runsPage(runs: RunRow[]): string {
  const rows = runs
    .map(
      (r) => `<tr data-run-id="${esc(r.id)}" data-status="${esc(r.status)}">
<td><a href="/dashboard/runs/${encodeURIComponent(r.id)}">${esc(r.name)}</a><br><small class="muted"><code>${esc(r.id)}</code></small></td>
<td><span class="badge b-${esc(r.status)}" data-field="status">${esc(r.status)}</span></td>
<td>${progressBar(r.progress)}</td>
<td data-field="pass-rate">${pct(r.passRate)}</td>
<td class="hide-sm">${r.cases}</td>
<td class="hide-sm"><time>${esc(r.createdAt.replace('T', ' ').slice(0, 19))}</time></td></tr>`,
    )
    .join('\n');
  return `<h1>Runs</h1><p class="muted" data-poll><span data-field="updated">live</span></p>
${runs.length ? `<div class="scroll"><table class="runs"><thead><tr><th>Run</th><th>Status</th><th>Progress</th><th>Pass rate</th><th class="hide-sm">Cases</th><th class="hide-sm">Created</th></tr></thead><tbody>${rows}</tbody></table></div>` : '<p>No runs yet.</p>'}`;
}
