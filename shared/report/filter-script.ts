/**
 * The HTML report file's case filters: one inline script, allowed by its hash in the file's CSP (no network, no
 * other script). It shows the filter bar (hidden without script) and hides the `.fcase` elements that do not match.
 * Each `.fcase` carries data-outcome, data-family, data-tender, data-branch and data-checks (space-separated types).
 */
import { createHash } from 'node:crypto';

export const FILTER_SCRIPT = `(function () {
  'use strict';
  var bar = document.getElementById('case-filters');
  if (!bar) return;
  bar.hidden = false;
  var items = Array.prototype.slice.call(document.querySelectorAll('.fcase'));
  var count = document.getElementById('case-filter-count');
  var fields = ['outcome', 'family', 'tender', 'branch', 'check'];
  function value(name) { var el = bar.querySelector('[name="' + name + '"]'); return el ? el.value : ''; }
  function apply() {
    var want = {};
    fields.forEach(function (f) { want[f] = value(f); });
    var q = value('q').trim().toLowerCase();
    var shown = 0;
    items.forEach(function (el) {
      var d = el.dataset;
      var ok = (!want.outcome || (want.outcome === 'not-pass' ? d.outcome !== 'pass' : d.outcome === want.outcome)) &&
        (!want.family || d.family === want.family) && (!want.tender || d.tender === want.tender) &&
        (!want.branch || d.branch === want.branch) &&
        (!want.check || (' ' + d.checks + ' ').indexOf(' ' + want.check + ' ') >= 0) &&
        (!q || el.textContent.toLowerCase().indexOf(q) >= 0);
      el.hidden = !ok;
      if (ok) shown++;
    });
    // A group (failures, not judged, passed) whose cases are all hidden says so.
    Array.prototype.forEach.call(document.querySelectorAll('[data-group]'), function (g) {
      var n = g.querySelectorAll('.fcase:not([hidden])').length;
      var c = g.querySelector('[data-group-count]');
      if (c) c.textContent = String(n);
    });
    if (count) count.textContent = shown + ' of ' + items.length + ' cases shown';
  }
  bar.addEventListener('input', apply);
  bar.addEventListener('change', apply);
  bar.addEventListener('reset', function () { setTimeout(apply, 0); });
  apply();
})();`;

export const FILTER_SCRIPT_HASH = `sha256-${createHash('sha256').update(FILTER_SCRIPT).digest('base64')}`;
