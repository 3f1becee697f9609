/**
 * bench:dashboard — the run page of a 2,000-case run, and the size of the demo run's HTML report.
 *   1. Seeds a finished run of N cases (bench/support/volume-run.ts) into a fresh database.
 *   2. Serves the real api + dashboard and times GET /dashboard/runs/:id on the server (no filter, a filter, a
 *      search, the last page), then loads the page in Chromium (navigation start → load event) at 1280×800.
 *   3. Renders the HTML report of the demo run: the newest run named `demo` in --demo-db (a database where
 *      `npm run demo` ran), else a demo run made now in a fresh database (about 1–2 minutes).
 *   npm run bench:dashboard -- [--cases 2000] [--repeat 7] [--demo-db postgres://…/db] [--out file.html]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../shared/config.ts';
import { openDb } from '../shared/db/client.ts';
import { computeSummary } from '../shared/eval/summary.ts';
import { redisConnection } from '../shared/engine/connections.ts';
import { buildReport, renderHtml } from '../shared/report/index.ts';
import { launchChromium } from '../test/helpers/browser.ts';
import { startDashboard, type DashboardServer } from '../test/helpers/dashboard.ts';
import { BENCH_REDIS, dropDatabase, freshDatabase } from './lib.ts';
import { ROOT } from './support/procs.ts';
import { seedVolumeRun } from './support/volume-run.ts';

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '2000' },
    repeat: { type: 'string', default: '7' },
    'demo-db': { type: 'string' },
    out: { type: 'string' },
  },
});
const N = Number(values.cases);
const REPEAT = Number(values.repeat);
const TOKEN = 'bench-dashboard-token-0123456789';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(0)} ms`;

async function runPage(): Promise<void> {
  const dbName = 'bench_dashboard';
  const url = await freshDatabase(dbName);
  const dbh = openDb(url, { max: 10 });
  const redis = redisConnection(BENCH_REDIS);
  let dash: DashboardServer | undefined;
  try {
    const t0 = performance.now();
    const runId = await seedVolumeRun(dbh.sql, 'bench-volume', N);
    // A finished run has its summary stored by its report task; the page reads it instead of computing it.
    await dbh.sql`insert into reports (run_id, summary) values (${runId}, ${dbh.sql.json(JSON.parse(JSON.stringify(await computeSummary(dbh.sql, runId))))})`;
    console.log(`seeded ${N} cases and their stored summary in ${ms(performance.now() - t0)}`);
    // The read models behind the page and the report, without HTTP or rendering: the run's summary (what the report
    // task computes when a run ends, and the page when none is stored) and the report's rows.
    for (const [label, read] of [
      ['computeSummary (the run summary, computed)', () => computeSummary(dbh.sql, runId)],
      ['buildReport (every case, check and transcript)', () => buildReport(dbh.sql, runId)],
    ] as const) {
      await read();
      const times: number[] = [];
      for (let i = 0; i < REPEAT; i++) {
        const t = performance.now();
        await read();
        times.push(performance.now() - t);
      }
      console.log(`  ${label.padEnd(52)} ${ms(median(times)).padStart(7)} (max ${ms(Math.max(...times))})`);
    }
    const config = loadConfig({ DATABASE_URL: url, VAGLIO_REDIS_URL: BENCH_REDIS, VAGLIO_PREFIX: 'bench-dash', VAGLIO_LOG_LEVEL: 'silent' });
    const deps = { sql: dbh.sql, db: dbh.db, redis, prefix: 'bench-dash', config };
    dash = await startDashboard(deps, TOKEN);
    const base = dash.base;
    const page = `/dashboard/runs/${runId}`;
    const variants: [string, string][] = [
      ['no filter (failures first, page 1)', page],
      ['outcome=fail', `${page}?outcome=fail`],
      ['search q=vol-tender-007', `${page}?q=vol-tender-007`],
      ['check type search-results, not passed', `${page}?check=search-results&outcome=not-pass`],
      ['last page (40)', `${page}?page=40`],
      ['red-team branch=jailbreak', `${page}?branch=jailbreak`],
    ];
    console.log(`\nserver time of GET ${page} (median of ${REPEAT} after 1 warm-up; bytes of the page):`);
    for (const [label, p] of variants) {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i <= REPEAT; i++) {
        const s = performance.now();
        const res = await fetch(`${base}${p}`, { headers: { authorization: `Bearer ${TOKEN}` } });
        const body = await res.text();
        if (res.status !== 200) throw new Error(`${p}: HTTP ${res.status}`);
        if (i > 0) times.push(performance.now() - s);
        bytes = body.length;
      }
      console.log(`  ${label.padEnd(52)} ${ms(median(times)).padStart(7)} (max ${ms(Math.max(...times))}), ${(bytes / 1024).toFixed(0)} kB`);
    }

    const browser = await launchChromium();
    try {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const tab = await ctx.newPage();
      await tab.goto(`${base}/dashboard?token=${TOKEN}`);
      const loads: number[] = [];
      const walls: number[] = [];
      let height = 0;
      for (let i = 0; i <= REPEAT; i++) {
        const s = performance.now();
        await tab.goto(`${base}${page}`, { waitUntil: 'load' });
        const wall = performance.now() - s;
        const nav = await tab.evaluate(() => {
          const e = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          return { load: e.loadEventEnd - e.startTime, height: document.documentElement.scrollHeight };
        });
        if (i > 0) {
          loads.push(nav.load);
          walls.push(wall);
        }
        height = nav.height;
      }
      console.log(`\nChromium 1280×800, ${page}: load event ${ms(median(loads))} median (max ${ms(Math.max(...loads))}), goto wall ${ms(median(walls))}; page height ${height} px`);
    } finally {
      await browser.close();
    }
    const t1 = performance.now();
    const html = renderHtml(await buildReport(dbh.sql, runId));
    console.log(`HTML report of the ${N}-case run: ${(html.length / 1024).toFixed(0)} kB (built and rendered in ${ms(performance.now() - t1)})`);
  } finally {
    await dash?.close();
    redis.disconnect();
    await dbh.close();
    await dropDatabase(dbName);
  }
}

/** A database holding a finished demo run: the one given, else a demo run now in a fresh one. */
async function demoDatabase(): Promise<{ url: string; drop?: string }> {
  if (values['demo-db']) return { url: values['demo-db'] };
  const name = 'bench_dashboard_demo';
  const url = await freshDatabase(name);
  const out = mkdtempSync(path.join(tmpdir(), 'bench-dashboard-demo-'));
  console.log('\nrunning `vaglio demo --no-keep` in a fresh database (1–2 minutes)…');
  const r = spawnSync('npx', ['tsx', 'cli/vaglio.ts', 'demo', '--no-keep', '--out', out], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url, VAGLIO_REDIS_URL: BENCH_REDIS, VAGLIO_PREFIX: `bench-dash-demo-${Date.now()}`, VAGLIO_DATA_DIR: path.join(out, 'data') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  rmSync(out, { recursive: true, force: true });
  if (r.status !== 0) throw new Error(`vaglio demo exited ${r.status}`);
  return { url, drop: name };
}

async function demoReport(): Promise<void> {
  const demo = await demoDatabase();
  const dbh = openDb(demo.url, { max: 4 });
  try {
    const run = (await dbh.sql<{ id: string }[]>`select id from runs where name = 'demo' and status = 'completed' order by created_at desc limit 1`)[0];
    if (!run) throw new Error(`no completed run named demo in ${demo.url}`);
    const d = await buildReport(dbh.sql, run.id);
    const html = renderHtml(d);
    const counts = d.cases.reduce<Record<string, number>>((a, c) => ({ ...a, [c.outcome]: (a[c.outcome] ?? 0) + 1 }), {});
    console.log(`\nHTML report of the demo run ${run.id} (${d.cases.length} cases: ${JSON.stringify(counts)}): ${html.length} bytes (${(html.length / 1024 / 1024).toFixed(2)} MB)`);
    if (values.out) writeFileSync(values.out, html);
  } finally {
    await dbh.close();
    if (demo.drop) await dropDatabase(demo.drop);
  }
}

await runPage();
await demoReport();
console.log(`\n(load average ${(await import('node:os')).loadavg()[0]!.toFixed(2)}; ROOT ${ROOT})`);
