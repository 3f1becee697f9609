/**
 * bench:e2e — the same N single-turn cases with the same deterministic checks against a local HTTP target
 * with a fixed latency, run by vaglio and by promptfoo (its HTTP provider, same concurrency, cache off),
 * alternately in one script. Reports wall, CPU, CPU per case, peak memory and the ratio to the ideal
 * (cases × latency / concurrency).
 * A third contender, the floor, is a bare node:http loop with the same checks and nothing stored: what any Node
 * tool must at least spend, on this machine, against this target.
 *   npm run bench:e2e -- [--cases 2000] [--latency 50] [--concurrency 32] [--runs 3] [--no-promptfoo] [--no-floor] [--profile dir]
 *     [--node-arg=<flag for the vaglio services>]...
 */
import { parseArgs } from 'node:util';
import { median } from './lib.ts';
import { promptfooConfig, vaglioSet } from './support/cases.ts';
import { bareLoopRun, load1, startLatencyTarget, type BareLoopResult } from './support/procs.ts';
import { ensurePromptfoo, promptfooRun, type PromptfooResult } from './support/promptfoo-run.ts';
import { vaglioRun, type VaglioRunResult } from './support/vaglio-run.ts';

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '2000' },
    latency: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: '32' },
    runs: { type: 'string', default: '3' },
    /** Cases of an unmeasured run played first on the same (long-running) services; 0 measures them cold. */
    warmup: { type: 'string', default: '200' },
    'no-promptfoo': { type: 'boolean', default: false },
    /** Skip the floor: a bare node:http loop with the same checks and nothing else (bench/support/bare-loop.ts). */
    'no-floor': { type: 'boolean', default: false },
    /** Write V8 CPU profiles of the vaglio services into this directory. */
    profile: { type: 'string' },
    /** Extra node argument for the vaglio services (repeatable), e.g. --node-arg=--harmony-json-parse-with-source. */
    'node-arg': { type: 'string', multiple: true, default: [] },
  },
});
const N = Number(values.cases);
const LAT = Number(values.latency);
const CONC = Number(values.concurrency);
const RUNS = Number(values.runs);
const WARMUP = Number(values.warmup);
const IDEAL_MS = (N * LAT) / CONC;

const pf = values['no-promptfoo'] ? undefined : tryPromptfoo();
function tryPromptfoo(): { version: string } | undefined {
  try {
    return ensurePromptfoo();
  } catch (err) {
    process.stderr.write(`promptfoo unavailable, measuring vaglio only: ${(err as Error).message}\n`);
    return undefined;
  }
}

const nodeArgs = [...values['node-arg'], ...(values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : [])];
const target = await startLatencyTarget(LAT);
const vaglio: VaglioRunResult[] = [];
const promptfoo: PromptfooResult[] = [];
const floor: BareLoopResult[] = [];
const loads: string[] = [];
try {
  for (let t = 0; t < RUNS; t++) {
    loads.push(load1());
    const v = await vaglioRun({ name: `e2e_${t}`, set: vaglioSet(N), targetUrl: target.url, target, runners: 1, concurrency: CONC, timeoutMs: 10 * 60_000, nodeArgs, warmupSet: WARMUP ? vaglioSet(WARMUP) : undefined });
    process.stderr.write(`vaglio    #${t} ${JSON.stringify({ ...v, load1: load1() })}\n`);
    vaglio.push(v);
    if (!values['no-floor']) {
      const f = await bareLoopRun(target, N, CONC);
      process.stderr.write(`floor     #${t} ${JSON.stringify({ ...f, load1: load1() })}\n`);
      floor.push(f);
    }
    if (pf) {
      const p = await promptfooRun(promptfooConfig(N, target.url), CONC, 10 * 60_000);
      process.stderr.write(`promptfoo #${t} ${JSON.stringify({ ...p, load1: load1() })}\n`);
      promptfoo.push(p);
    }
  }
} finally {
  await target.stop();
}

const fmt = (ms: number) => (ms / 1000).toFixed(2);
const mb = (b: number) => (b / 1e6).toFixed(0);
const vm = (f: (r: VaglioRunResult) => number) => median(vaglio.map(f));
const pm = (f: (r: PromptfooResult) => number) => median(promptfoo.map(f));
console.log(`${N} cases × ${LAT} ms at concurrency ${CONC}${WARMUP ? `, vaglio services warmed by a ${WARMUP}-case run` : ', vaglio services cold'}${nodeArgs.length ? ` (vaglio services with ${nodeArgs.join(' ')})` : ''}; ideal ${fmt(IDEAL_MS)} s; medians of ${RUNS} alternating runs; load1 at start of each pair: ${loads.join(', ')}`);
console.log('');
console.log('| tool | wall s | × ideal | CPU s (all processes) | CPU ms / case | peak RSS MB | passed |');
console.log('|---|---|---|---|---|---|---|');
console.log(
  `| vaglio (1 runner + reporter) | ${fmt(vm((r) => r.wallMs))} | ${(vm((r) => r.wallMs) / IDEAL_MS).toFixed(2)} | ${fmt(vm((r) => r.cpuMs.total))} | ${(vm((r) => r.cpuMs.total) / N).toFixed(2)} | ${mb(vm((r) => r.peakRssBytes))} | ${vm((r) => r.passed)}/${N} |`,
);
const fm = (f: (r: BareLoopResult) => number) => median(floor.map(f));
if (floor.length) {
  console.log(
    `| floor: bare node:http loop, same checks, nothing stored | ${fmt(fm((r) => r.wallMs))} | ${(fm((r) => r.wallMs) / IDEAL_MS).toFixed(2)} | ${fmt(fm((r) => r.cpuMs))} | ${(fm((r) => r.cpuMs) / N).toFixed(2)} | ${mb(fm((r) => r.peakRssBytes))} | ${fm((r) => r.passed)}/${N} |`,
  );
}
if (promptfoo.length) {
  console.log(
    `| promptfoo ${pf!.version} | ${fmt(pm((r) => r.wallMs))} | ${(pm((r) => r.wallMs) / IDEAL_MS).toFixed(2)} | ${fmt(pm((r) => r.cpuMs))} | ${(pm((r) => r.cpuMs) / N).toFixed(2)} | ${mb(pm((r) => r.peakRssBytes))} | ${pm((r) => r.passed)}/${N} |`,
  );
  console.log('');
  console.log(`vaglio / promptfoo wall: ${(vm((r) => r.wallMs) / pm((r) => r.wallMs)).toFixed(3)}`);
}
if (floor.length) {
  console.log('');
  console.log(
    `vaglio over the floor (medians): +${fmt(vm((r) => r.wallMs) - fm((r) => r.wallMs))} s wall, +${((vm((r) => r.cpuMs.total) - fm((r) => r.cpuMs)) / N).toFixed(2)} ms CPU per case; the floor kept ${fm((r) => r.atTarget.meanInFlight).toFixed(1)} of ${CONC} requests in flight at the target (${fm((r) => r.atTarget.meanServiceMs).toFixed(1)} ms each)`,
  );
}
console.log('');
console.log(
  `vaglio CPU split (median ms): workers ${vm((r) => r.cpuMs.workers).toFixed(0)}, driver (plan + submit) ${vm((r) => r.cpuMs.driver).toFixed(0)}, Redis ${vm((r) => r.cpuMs.redis).toFixed(0)}, Postgres ${vm((r) => r.cpuMs.postgres).toFixed(0)}; submit ${fmt(vm((r) => r.submitMs))} s`,
);
console.log(
  `vaglio wall phases (median s): submit ${fmt(vm((r) => r.phasesMs.submit))}, conversations ${fmt(vm((r) => r.phasesMs.conversations))}, report and finalisation ${fmt(vm((r) => r.phasesMs.afterLast))} (to the report task ${fmt(vm((r) => r.phasesMs.toReport))}, report ${fmt(vm((r) => r.phasesMs.report))}, to _finalize ${fmt(vm((r) => r.phasesMs.toFinalize))}, _finalize ${fmt(vm((r) => r.phasesMs.finalize))}); steady ${vm((r) => r.steadyPerSec).toFixed(0)} cases/s (ideal ${((CONC * 1000) / LAT).toFixed(0)}); one target call ${vm((r) => r.targetCallMs).toFixed(1)} ms as measured by vaglio, ${vm((r) => r.atTarget?.meanServiceMs ?? NaN).toFixed(1)} ms at the target, which had ${vm((r) => r.atTarget?.meanInFlight ?? NaN).toFixed(1)} of ${CONC} requests in flight on average`,
);
