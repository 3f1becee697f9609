// vaglio dashboard: live run status (polls every 2 s) and dead-letter reprocessing. No build step, no deps.
'use strict';

const TERMINAL = ['completed', 'failed', 'canceled'];
const pct = (r) => (r === null || r === undefined ? '–' : (r * 100).toFixed(1) + '%');

function updateRow(el, run) {
  const badge = el.querySelector('[data-field="status"]');
  const before = el.getAttribute('data-status');
  if (badge) {
    badge.textContent = run.status;
    badge.className = 'badge b-' + run.status;
  }
  const bar = el.querySelector('[data-field="progress"]');
  if (bar) bar.value = run.progress;
  const pt = el.querySelector('[data-field="progress-text"]');
  if (pt) pt.textContent = Math.round(run.progress * 100) + '% (' + run.done + '/' + run.tasks + ')';
  const rate = el.querySelector('[data-field="pass-rate"]');
  if (rate) rate.textContent = pct(run.passRate);
  el.setAttribute('data-status', run.status);
  // A run detail page that watched its run finish reloads once to show the results.
  if (el.hasAttribute('data-reload-on-finish') && before && !TERMINAL.includes(before) && TERMINAL.includes(run.status)) {
    location.reload();
  }
}

async function poll() {
  const rows = document.querySelectorAll('[data-run-id]');
  if (!rows.length || document.hidden) return;
  try {
    const res = await fetch('/dashboard/api/runs', { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (!res.ok) return;
    const body = await res.json();
    const byId = new Map(body.runs.map((r) => [r.id, r]));
    for (const el of rows) {
      const run = byId.get(el.getAttribute('data-run-id'));
      if (run) updateRow(el, run);
    }
    const stamp = document.querySelector('[data-field="updated"]');
    if (stamp) stamp.textContent = 'updated ' + new Date().toLocaleTimeString();
  } catch {
    // Offline or restarting api: the next tick tries again.
  }
}

if (document.querySelector('[data-poll]')) {
  setInterval(poll, 2000);
  void poll();
}

for (const btn of document.querySelectorAll('button[data-reprocess]')) {
  btn.addEventListener('click', async () => {
    const id = btn.getAttribute('data-reprocess');
    const out = document.querySelector('[data-result="' + id + '"]');
    btn.disabled = true;
    try {
      const res = await fetch('/dead-letters/' + encodeURIComponent(id) + '/reprocess', { method: 'POST', credentials: 'same-origin' });
      const body = await res.json().catch(() => ({}));
      if (res.ok) {
        if (out) out.textContent = 'relaunched (epoch ' + (body.epoch ?? '?') + ')';
      } else {
        if (out) out.textContent = 'failed: ' + (body.error || res.status) + (body.problems ? ' — ' + body.problems.join('; ') : '');
        btn.disabled = false;
      }
    } catch (e) {
      if (out) out.textContent = 'failed: ' + e;
      btn.disabled = false;
    }
  });
}

// The run page's case filters: a changed select applies at once (the Filter button does the same without script).
for (const sel of document.querySelectorAll('form.filters select[data-autosubmit]')) {
  sel.addEventListener('change', () => {
    // A new filter starts at the first page (the form carries no page field).
    sel.form.requestSubmit();
  });
}
