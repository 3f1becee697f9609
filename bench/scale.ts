/**
 * bench:scale — the same latency-bound eval with 1, 2 and 4 conversation-runner processes at a fixed
 * per-process concurrency: throughput and its ratio to one process (wall-clock, and steady-state between
 * the 10th and 90th percentile of finishes). The latency is high enough that the run stays latency-bound
 * on a small machine (CPU per case × cases/s well under the cores available).
 *   npm run bench:scale -- [--cases 800] [--latency 250] [--concurrency 8] [--processes 1,2,4] [--runs 3] [--warmup 64]
 */
import { parseArgs } from 'node:util';
import { median } from './lib.ts';
import { vaglioSet } from './support/cases.ts';
import { load1, startLatencyTarget } from './support/procs.ts';
import { vaglioRun, type VaglioRunResult } from './support/vaglio-run.ts';

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '800' },
    latency: { type: 'string', default: '250' },
    concurrency: { type: 'string', default: '8' },
    processes: { type: 'string', default: '1,2,4' },
    runs: { type: 'string', default: '3' },
    /** Cases of an unmeasured run played first on the same (long-running) services; 0 measures them cold. */
    warmup: { type: 'string', default: '64' },
  },
});
const N = Number(values.cases);
const LAT = Number(values.latency);
const CONC = Number(values.concurrency);
const PROCS = values.processes.split(',').map(Number);

const target = await startLatencyTarget(LAT);
const results = new Map<number, VaglioRunResult[]>(PROCS.map((p) => [p, []]));
const loads: string[] = [];
try {
  // Interleaved (1, 2, 4, 1, 2, 4, ...) so a change in machine load hits every size alike.
  for (let t = 0; t < Number(values.runs); t++) {
    for (const p of PROCS) {
      loads.push(load1());
      const r = await vaglioRun({ name: `scale_${p}_${t}`, set: vaglioSet(N), targetUrl: target.url, runners: p, concurrency: CONC, timeoutMs: 10 * 60_000, warmupSet: Number(values.warmup) ? vaglioSet(Number(values.warmup)) : undefined });
      process.stderr.write(`${p} proc #${t} ${JSON.stringify({ ...r, load1: load1() })}\n`);
      results.get(p)!.push(r);
    }
  }
} finally {
  await target.stop();
}

const tput = (p: number) => median(results.get(p)!.map((r) => N / (r.wallMs / 1000)));
const steady = (p: number) => median(results.get(p)!.map((r) => r.steadyPerSec));
const base = PROCS[0]!;
console.log(`${N} cases × ${LAT} ms, ${CONC} conversations per process, ${Number(values.warmup) ? `services warmed by a ${values.warmup}-case run` : 'services cold'}; medians of ${values.runs} interleaved runs; load1 before each run: ${loads.join(', ')}`);
console.log('');
console.log('| runner processes | ideal cases/s | wall s | cases/s (wall) | × one process | cases/s (steady) | × one process (steady) | CPU ms / case |');
console.log('|---|---|---|---|---|---|---|---|');
for (const p of PROCS) {
  const rs = results.get(p)!;
  console.log(
    `| ${p} | ${((p * CONC * 1000) / LAT).toFixed(0)} | ${(median(rs.map((r) => r.wallMs)) / 1000).toFixed(2)} | ${tput(p).toFixed(1)} | ${(tput(p) / tput(base)).toFixed(2)} | ${steady(p).toFixed(1)} | ${(steady(p) / steady(base)).toFixed(2)} | ${(median(rs.map((r) => r.cpuMs.total)) / N).toFixed(2)} |`,
  );
}
