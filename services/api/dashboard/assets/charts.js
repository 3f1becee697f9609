// vaglio dashboard charts: every figure[data-chart] with a JSON spec (chart.ts) becomes a uPlot line chart.
// One line per series (run name, mandate); ranges that make sense for flat and single-point series; a tooltip
// naming the run under the cursor; a click opens that run. uPlot is served from /dashboard/assets (no CDN).
'use strict';

(function () {
  if (typeof uPlot !== 'function') return;
  const PALETTE = ['#0b5cad', '#c62828', '#1a7f37', '#9a6700', '#6f42c1', '#00838f', '#d1495b', '#5f6b7a'];

  function usd(v) {
    const a = Math.abs(v);
    return '$' + v.toFixed(a >= 10 ? 2 : a >= 0.1 ? 3 : 4);
  }
  const FORMAT = {
    pct: (v) => (v * 100).toFixed(Number.isInteger(Math.round(v * 1000) / 10) ? 0 : 1) + '%',
    usd: usd,
    ms: (v) => (Math.abs(v) >= 10000 ? (v / 1000).toFixed(1) + ' s' : Math.round(v) + ' ms'),
    num: (v) => v.toFixed(2),
    kappa: (v) => v.toFixed(2),
  };
  // What a value can be ([low, high], null = unbounded) and the smallest span an axis shows around a flat series.
  const BOUNDS = { pct: [0, 1], usd: [0, null], ms: [0, null], num: [-1, 1], kappa: [-1, 1] };
  const MIN_SPAN = { pct: () => 0.1, usd: (v) => Math.max(Math.abs(v) * 0.4, 0.001), ms: (v) => Math.max(Math.abs(v) * 0.4, 20), num: () => 0.2, kappa: () => 0.2 };

  function yRange(unit, threshold) {
    return (_u, min, max) => {
      if (min === null || max === null || !Number.isFinite(min)) return [0, 1];
      if (threshold !== undefined) {
        min = Math.min(min, threshold);
        max = Math.max(max, threshold);
      }
      let lo = min;
      let hi = max;
      const need = MIN_SPAN[unit]((lo + hi) / 2);
      if (hi - lo < need) {
        const mid = (lo + hi) / 2;
        lo = mid - need / 2;
        hi = mid + need / 2;
      } else {
        const pad = (hi - lo) * 0.08;
        lo -= pad;
        hi += pad;
      }
      const [b0, b1] = BOUNDS[unit];
      if (b0 !== null && lo < b0) {
        hi += b0 - lo;
        lo = b0;
      }
      if (b1 !== null && hi > b1) {
        lo = Math.max(b0 === null ? -Infinity : b0, lo - (hi - b1));
        hi = b1;
      }
      return [lo, hi];
    };
  }

  // Fixed from the data (uPlot's auto range spreads a single time point over years).
  function xRange(xs) {
    const min = xs[0];
    const max = xs[xs.length - 1];
    if (max - min < 3600) return [min - 43200, max + 43200];
    const pad = (max - min) * 0.04;
    return [min - pad, max + pad];
  }

  // Axis labels are measured at their CSS size, so the y axis is as wide as its longest label ("1250 ms", "$0.0125").
  const FONT = '12px system-ui, sans-serif';
  const measure = document.createElement('canvas').getContext('2d');
  measure.font = FONT;
  const axisWidth = (_u, values) => (values && values.length ? Math.ceil(Math.max(...values.map((v) => measure.measureText(v).width))) + 16 : 40);

  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

  function draw(fig) {
    const specEl = fig.querySelector('script.chart-spec');
    const host = fig.querySelector('.chart-plot');
    if (!specEl || !host) return;
    const spec = JSON.parse(specEl.textContent);
    const fmt = FORMAT[spec.unit] || FORMAT.num;
    const axis = { stroke: '#4a5563', font: FONT, grid: { stroke: '#e3e8ee', width: 1 }, ticks: { stroke: '#d8dee6', width: 1 } };
    const tip = document.createElement('div');
    tip.className = 'chart-tip';
    tip.hidden = true;
    let hoverHref = null;

    const opts = {
      width: Math.max(200, host.clientWidth),
      height: 220,
      legend: { show: true, live: false },
      cursor: { points: { size: 9 }, drag: { x: false, y: false } },
      scales: { x: { time: true, auto: false, range: xRange(spec.x) }, y: { range: yRange(spec.unit, spec.threshold) } },
      axes: [
        Object.assign({}, axis, { space: 70 }),
        Object.assign({}, axis, { size: axisWidth, space: 30, values: (_u, splits) => splits.map(fmt) }),
      ],
      series: [{}].concat(
        spec.series.map((s, i) => ({
          label: s.label,
          stroke: PALETTE[i % PALETTE.length],
          width: 2,
          spanGaps: true,
          points: { show: true, size: 7, fill: PALETTE[i % PALETTE.length] },
          value: (_u, v) => (v === null || v === undefined ? '–' : fmt(v)),
        })),
      ),
      hooks: {
        setCursor: [
          (u) => {
            const i = u.cursor.idx;
            const rows = [];
            hoverHref = null;
            if (i !== null && i !== undefined) {
              spec.series.forEach((s, k) => {
                const v = s.values[i];
                if (v === null || v === undefined) return;
                const p = s.points[i];
                if (!hoverHref && p && p.href) hoverHref = p.href;
                rows.push('<div><span class="sw" data-color="' + (k % PALETTE.length) + '"></span><strong>' + esc(s.label) + '</strong> ' + esc(fmt(v)) + (p ? '<br><small>' + esc(p.label) + '</small>' : '') + '</div>');
              });
            }
            if (!rows.length) {
              tip.hidden = true;
              return;
            }
            tip.innerHTML = rows.join('') + (hoverHref ? '<small class="muted">click to open the run</small>' : '');
            tip.hidden = false;
            const left = u.cursor.left || 0;
            const top = u.cursor.top || 0;
            const w = u.over.clientWidth;
            tip.style.left = Math.min(Math.max(0, left + 12), Math.max(0, w - tip.offsetWidth)) + 'px';
            tip.style.top = Math.max(0, top - tip.offsetHeight - 8) + 'px';
          },
        ],
        draw: [
          (u) => {
            host.setAttribute('data-y-range', u.scales.y.min + ',' + u.scales.y.max);
            if (spec.threshold === undefined) return;
            const ctx = u.ctx;
            const y = Math.round(u.valToPos(spec.threshold, 'y', true));
            ctx.save();
            ctx.strokeStyle = '#c62828';
            ctx.setLineDash([6, 4]);
            ctx.lineWidth = 1.5 * devicePixelRatio;
            ctx.beginPath();
            ctx.moveTo(u.bbox.left, y);
            ctx.lineTo(u.bbox.left + u.bbox.width, y);
            ctx.stroke();
            ctx.restore();
          },
        ],
      },
    };
    const data = [spec.x].concat(spec.series.map((s) => s.values));
    const plot = new uPlot(opts, data, host);
    host._uplot = plot;
    plot.over.appendChild(tip);
    plot.over.addEventListener('click', () => {
      if (hoverHref) location.href = hoverHref;
    });
    plot.over.addEventListener('mouseleave', () => (tip.hidden = true));
    fig.setAttribute('data-ready', '');
    if (typeof ResizeObserver === 'function') {
      let last = host.clientWidth;
      new ResizeObserver(() => {
        const w = host.clientWidth;
        if (Math.abs(w - last) < 2) return;
        last = w;
        plot.setSize({ width: Math.max(200, w), height: 220 });
      }).observe(host);
    }
  }

  for (const fig of document.querySelectorAll('figure[data-chart]')) draw(fig);
})();
