/** Retention: old finished runs go with everything stored for them; baselines and live runs stay. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInfra, type TestInfra } from '../helpers/infra.ts';
import { ROOT } from '../helpers/engine.ts';
import { seedRuns, type Seeded } from '../report/seed.ts';
import { parseAge, pruneRuns } from '../../shared/engine/prune.ts';

let infra: TestInfra;
let seeded: Seeded;
let reportDir: string;
const OTHER = 'other-recent';

const TABLES = ['tasks', 'transcripts', 'case_results', 'check_results', 'task_results', 'diagnostics_results', 'reports', 'llm_calls', 'metadata_checks'];
async function rowsOf(runId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = (await infra.sql.unsafe<{ n: number }[]>(`select count(*)::int as n from ${t} where run_id = $1`, [runId]))[0]!.n;
  out['runs'] = (await infra.sql<{ n: number }[]>`select count(*)::int as n from runs where id = ${runId}`)[0]!.n;
  return out;
}

beforeAll(async () => {
  infra = await createTestInfra('prune');
  seeded = await seedRuns(infra.sql, 'nightly');
  await infra.sql`insert into reports (run_id, summary) values (${seeded.previousRunId}, '{}'::jsonb)`;
  await infra.sql`insert into llm_calls (run_id, task_key, role, model) values (${seeded.previousRunId}, 'c-deadline', 'judge', 'm')`;
  await infra.sql`insert into metadata_checks (run_id, tender_id, verdict) values (${seeded.previousRunId}, 'T1', 'ok')`;
  // Everything seeded is 100 days old, the live run included; one more run of another name finished today.
  await infra.sql`update runs set created_at = created_at - interval '100 days', finished_at = finished_at - interval '100 days'`;
  await infra.sql`insert into runs (id, name, plan, status, spec, finished_at) values (${OTHER}, 'other', 'eval', 'completed', '{}'::jsonb, now())`;
  reportDir = mkdtempSync(path.join(tmpdir(), 'vaglio-prune-'));
  for (const id of [seeded.previousRunId, seeded.runId, seeded.runningRunId, OTHER]) {
    mkdirSync(path.join(reportDir, id));
    writeFileSync(path.join(reportDir, id, `${id}.html`), '<html></html>');
  }
});
afterAll(async () => {
  await infra?.teardown();
  if (reportDir) rmSync(reportDir, { recursive: true, force: true });
});

describe('pruning old runs', () => {
  it('reads ages as days or weeks and refuses anything else, naming the value', () => {
    expect(parseAge('90d')).toBe(90);
    expect(parseAge('12w')).toBe(84);
    expect(parseAge('30')).toBe(30);
    expect(() => parseAge('3 months')).toThrow('"3 months" is not an age like 30d or 12w');
    expect(() => parseAge('0d')).toThrow('at least one day');
  });

  it('a dry run lists what would go and deletes nothing', async () => {
    const r = await pruneRuns(infra.sql, { olderThanDays: 90, dryRun: true, reportDir });
    // The newest run of "nightly" is its baseline; the live run and the recent one are not old or not finished.
    expect(r.runs).toEqual([seeded.previousRunId]);
    expect((await rowsOf(seeded.previousRunId)).case_results).toBeGreaterThan(0);
    expect(existsSync(path.join(reportDir, seeded.previousRunId))).toBe(true);
  });

  it('the CLI refuses a bad age before touching anything', () => {
    const cli = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'cli/vaglio.ts'), 'prune', '--older-than', 'soon'], {
      cwd: ROOT, env: { ...process.env, ...infra.env, VAGLIO_REPORT_DIR: reportDir }, encoding: 'utf8',
    });
    expect(cli.status).toBe(2);
    expect(cli.stderr).toContain('--older-than: "soon" is not an age like 30d or 12w');
  });

  it('deletes the old run with all it stored and its report folder, and keeps the baseline, the live run and recent runs', async () => {
    const before = await rowsOf(seeded.previousRunId);
    expect(before).toMatchObject({ runs: 1, reports: 1, llm_calls: 1, metadata_checks: 1 });
    const cli = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'cli/vaglio.ts'), 'prune', '--older-than', '90d'], {
      cwd: ROOT, env: { ...process.env, ...infra.env, VAGLIO_REPORT_DIR: reportDir }, encoding: 'utf8',
    });
    expect(cli.stderr).toBe('');
    expect(cli.stdout).toContain('deleted 1 run(s) finished more than 90 day(s) ago, keeping the newest 1 of each name; 1 report folder(s) removed');
    expect(Object.values(await rowsOf(seeded.previousRunId)).every((n) => n === 0)).toBe(true);
    expect(existsSync(path.join(reportDir, seeded.previousRunId))).toBe(false);
    for (const kept of [seeded.runId, seeded.runningRunId, OTHER]) {
      expect((await rowsOf(kept)).runs, kept).toBe(1);
      expect(existsSync(path.join(reportDir, kept)), kept).toBe(true);
    }
    expect((await rowsOf(seeded.runId)).case_results).toBeGreaterThan(0);
    // Another pass finds nothing more to do.
    expect((await pruneRuns(infra.sql, { olderThanDays: 90, reportDir })).runs).toEqual([]);
  });

  it('with --keep-last 0 the baseline goes too; a run still running never does', async () => {
    const r = await pruneRuns(infra.sql, { olderThanDays: 90, keepLast: 0, reportDir });
    expect(r).toEqual({ runs: [seeded.runId], reportFolders: 1 });
    expect((await rowsOf(seeded.runningRunId)).runs).toBe(1);
    expect((await rowsOf(seeded.runningRunId)).tasks).toBeGreaterThan(0);
  });
});
