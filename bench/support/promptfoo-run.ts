/**
 * promptfoo, installed on demand into bench/promptfoo (never a project dependency: it is large and tests do
 * not need it), run as `promptfoo eval` under /usr/bin/time for its wall, CPU (the whole process tree) and
 * peak RSS.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './procs.ts';

const DIR = path.join(ROOT, 'bench/promptfoo');
const CLI = path.join(DIR, 'node_modules/promptfoo/dist/src/entrypoint.js');

export function ensurePromptfoo(): { version: string } {
  if (!existsSync(path.join(DIR, 'node_modules/promptfoo/package.json'))) {
    process.stderr.write('installing promptfoo into bench/promptfoo (once)...\n');
    execFileSync('npm', ['install', '--prefix', DIR, '--no-audit', '--no-fund'], { stdio: 'inherit' });
  }
  const pkg = JSON.parse(readFileSync(path.join(DIR, 'node_modules/promptfoo/package.json'), 'utf8')) as { version: string };
  return { version: pkg.version };
}

export interface PromptfooResult {
  wallMs: number;
  cpuMs: number;
  peakRssBytes: number;
  passed: number;
  failed: number;
  errors: number;
}

export async function promptfooRun(config: Record<string, unknown>, concurrency: number, timeoutMs: number): Promise<PromptfooResult> {
  const work = mkdtempSync(path.join(tmpdir(), 'vaglio-bench-pf-'));
  const cfg = path.join(work, 'promptfooconfig.json');
  const out = path.join(work, 'out.json');
  const timing = path.join(work, 'time.txt');
  writeFileSync(cfg, JSON.stringify(config));
  const env = {
    ...process.env,
    PROMPTFOO_CONFIG_DIR: path.join(work, 'home'),
    PROMPTFOO_DISABLE_TELEMETRY: '1',
    PROMPTFOO_DISABLE_UPDATE: '1',
    PROMPTFOO_DISABLE_REMOTE_GENERATION: 'true',
    PROMPTFOO_CACHE_ENABLED: 'false',
    NO_COLOR: '1',
  };
  const args = ['-f', '%e %U %S %M', '-o', timing, process.execPath, CLI, 'eval', '-c', cfg, '-o', out, '-j', String(concurrency), '--no-cache', '--no-progress-bar', '--no-table'];
  const code = await new Promise<number | null>((resolve) => {
    const p = spawn('/usr/bin/time', args, { env, cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });
    const timer = setTimeout(() => p.kill('SIGKILL'), timeoutMs);
    p.once('exit', (c) => (clearTimeout(timer), resolve(c)));
  });
  const [e = 0, u = 0, s = 0, m = 0] = readFileSync(timing, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
  let stats = { successes: 0, failures: 0, errors: 0 };
  try {
    const res = JSON.parse(readFileSync(out, 'utf8')) as { results?: { stats?: typeof stats } };
    stats = { ...stats, ...res.results?.stats };
  } catch {
    process.stderr.write(`promptfoo exited ${code} without an output file\n`);
  }
  rmSync(work, { recursive: true, force: true });
  return { wallMs: e * 1000, cpuMs: (u + s) * 1000, peakRssBytes: m * 1024, passed: stats.successes, failed: stats.failures, errors: stats.errors };
}
