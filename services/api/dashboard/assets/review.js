// vaglio review page: labels a decision agree/disagree (JSON POST, same origin) and updates its mandate's agreement.
'use strict';

(function () {
  const table = document.getElementById('agreement');
  if (!table) return;
  const kappaMin = Number(table.getAttribute('data-kappa-min'));
  const minLabels = Number(table.getAttribute('data-min-labels'));
  const pct = (x) => (x * 100).toFixed(1) + '%';
  const kappa = (k) => (k === null ? '–' : k.toFixed(2));

  function badge(text, cls) {
    const b = document.createElement('span');
    b.className = 'badge b-' + cls;
    b.textContent = text;
    return b;
  }

  function showAgreement(a) {
    let row = null;
    for (const r of table.querySelectorAll('tr[data-mandate]')) if (r.getAttribute('data-mandate') === a.mandate) row = r;
    if (!row) {
      row = document.createElement('tr');
      row.setAttribute('data-mandate', a.mandate);
      const name = document.createElement('td');
      name.textContent = a.mandate;
      row.appendChild(name);
      for (const f of ['labels', 'agreement', 'kappa', 'status']) {
        const td = document.createElement('td');
        td.setAttribute('data-f', f);
        row.appendChild(td);
      }
      table.querySelector('tbody').appendChild(row);
      const empty = document.querySelector('[data-empty]');
      if (empty) empty.remove();
    }
    row.querySelector('[data-f="labels"]').textContent = String(a.labels);
    row.querySelector('[data-f="agreement"]').textContent = pct(a.agreement);
    row.querySelector('[data-f="kappa"]').textContent = kappa(a.kappa);
    const status = row.querySelector('[data-f="status"]');
    status.textContent = '';
    if (a.warn) status.appendChild(badge('below bar', 'below'));
    else if (a.labels < minLabels) status.textContent = 'too few labels';
    else status.appendChild(badge('ok', 'ok'));
    row.className = a.warn ? 'o-fail' : '';
    const box = document.getElementById('kappa-warnings');
    let warn = null;
    for (const w of box.querySelectorAll('[data-warn]')) if (w.getAttribute('data-warn') === a.mandate) warn = w;
    if (a.warn) {
      if (!warn) {
        warn = document.createElement('p');
        warn.className = 'kappa-warn';
        warn.setAttribute('data-warn', a.mandate);
        box.appendChild(warn);
      }
      warn.textContent = a.mandate + ': kappa ' + kappa(a.kappa) + ' is below the bar of ' + kappaMin + ' over ' + a.labels + ' labels — reviewers and the machine disagree beyond chance; recalibrate before trusting its verdicts.';
    } else if (warn) warn.remove();
  }

  for (const item of document.querySelectorAll('li.review-item')) {
    const out = item.querySelector('[data-result]');
    for (const btn of item.querySelectorAll('button[data-label]')) {
      btn.addEventListener('click', async () => {
        const buttons = item.querySelectorAll('button[data-label]');
        for (const b of buttons) b.disabled = true;
        out.textContent = 'saving…';
        try {
          const res = await fetch('/dashboard/api/review-labels', {
            method: 'POST',
            credentials: 'same-origin',
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify({
              runId: item.getAttribute('data-run'),
              taskKey: item.getAttribute('data-task'),
              checkId: item.getAttribute('data-check'),
              agree: btn.getAttribute('data-label') === 'agree',
              note: item.querySelector('textarea').value,
            }),
          });
          const body = await res.json().catch(() => ({}));
          if (!res.ok) throw new Error(body.error || 'HTTP ' + res.status);
          out.textContent = 'labelled: ' + btn.getAttribute('data-label') + ' (you can change it)';
          item.setAttribute('data-labelled', btn.getAttribute('data-label'));
          showAgreement(body.agreement);
        } catch (e) {
          out.textContent = 'not saved: ' + e.message;
        }
        for (const b of buttons) b.disabled = false;
      });
    }
  }
})();
