/** GET /dashboard/dead-letters: open dead letters, each with a reprocess button (POST /dead-letters/:id/reprocess). */
import type { DeadLetterRow } from '../../../../shared/engine/dead-letters.ts';
import { esc } from '../../../../shared/report/escape.ts';

export function deadLettersPage(rows: DeadLetterRow[]): string {
  const body = rows
    .map(
      (d) => `<tr><td>${d.id}</td><td><a href="/dashboard/runs/${encodeURIComponent(d.runId)}"><code>${esc(d.runId)}</code></a><br><code>${esc(d.taskKey)}</code></td>
<td class="hide-sm">${esc(d.queue)}</td><td>${esc(d.error)}<br><small class="muted">${d.attempts} attempts · ${esc(d.createdAt.toISOString().slice(0, 19).replace('T', ' '))}</small></td>
<td><button type="button" data-reprocess="${d.id}">Reprocess</button> <small data-result="${d.id}"></small></td></tr>`,
    )
    .join('\n');
  return `<h1>Dead letters</h1>
<p class="muted">Tasks that exhausted their retries. Reprocessing relaunches the task so its run can complete. Queues: <a href="/admin/queues">Bull Board</a>.</p>
${rows.length ? `<div class="scroll"><table><thead><tr><th>#</th><th>Run / task</th><th class="hide-sm">Queue</th><th>Error</th><th></th></tr></thead><tbody>${body}</tbody></table></div>` : '<p>No open dead letters.</p>'}`;
}
