/**
 * The command line as a new user meets it: the real CLI is spawned (tsx) with no database or Redis reachable,
 * so a command that tried to work instead of answering --help or refusing its input would fail differently.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../cli/paths.ts';
import { loadScenarios } from '../../shared/scenarios/load.ts';
import { loadTargetConfig } from '../../shared/targets/index.ts';
import { vaglio } from '../helpers/cli.ts';

function commandsIn(help: string): string[] {
  const section = help.split(/^Commands:$/m)[1] ?? '';
  return [...section.matchAll(/^ {2}([a-z][a-z-]*)\b/gm)].map((m) => m[1]!).filter((n) => n !== 'help');
}

// Each spawn loads tsx and the CLI: seconds apiece on a busy machine.
describe('vaglio CLI', { timeout: 300_000 }, () => {
  it('--help on every command (and subcommand) prints its usage and examples, exits 0 and does nothing else', async () => {
    const top = await vaglio(['--help']);
    expect(top.code).toBe(0);
    const names = commandsIn(top.out);
    expect(names).toEqual(expect.arrayContaining(['demo', 'run', 'import', 'capture', 'daily', 'judge', 'migrate', 'start', 'resume', 'cancel', 'status', 'prune']));
    const helps: (readonly [string, Awaited<ReturnType<typeof vaglio>>])[] = [];
    // Two at a time: the machine is shared.
    for (let i = 0; i < names.length; i += 2) helps.push(...(await Promise.all(names.slice(i, i + 2).map(async (n) => [n, await vaglio([n, '--help'])] as const))));
    const subs: string[][] = [];
    for (const [name, h] of helps) {
      expect(h.code, `${name} --help: ${h.err}`).toBe(0);
      expect(h.err, name).toBe('');
      expect(h.out, name).toMatch(new RegExp(`^Usage: vaglio ${name} `));
      expect(h.out, name).toMatch(new RegExp(`Examples:\\n {2}\\$ vaglio ${name}`));
      for (const sub of commandsIn(h.out)) subs.push([name, sub]);
    }
    expect(subs).toContainEqual(['judge', 'calibrate']);
    for (const [name, sub] of subs) {
      const h = await vaglio([name!, sub!, '--help']);
      expect(h.code).toBe(0);
      expect(h.out).toMatch(new RegExp(`Examples:\\n {2}\\$ vaglio ${name} ${sub}`));
    }
    // The options a user passes are all listed.
    const run = helps.find(([n]) => n === 'run')![1].out;
    for (const flag of ['--target', '--threshold', '--repeat', '--junit', '--json', '--name', '--today', '--redteam', '--no-wait']) expect(run).toContain(flag);
  });

  it('migrate --help, cancel --help and start --help only show help', async () => {
    for (const cmd of ['migrate', 'cancel', 'start']) {
      const r = await vaglio([cmd, '--help']);
      expect(r.code, r.err).toBe(0);
      expect(r.out).toContain(`Usage: vaglio ${cmd}`);
      expect(r.out + r.err).not.toMatch(/ECONNREFUSED|unknown service|cancel requested|applied/);
    }
  });

  it('--version prints the package version', async () => {
    const r = await vaglio(['--version']);
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(r).toMatchObject({ code: 0, out: `${pkg.version}\n` });
  });

  it('a mistyped command or flag gets a suggestion, exit 2 and no stack trace', async () => {
    const cmd = await vaglio(['dmeo']);
    expect(cmd.code).toBe(2);
    expect(cmd.err).toContain("unknown command 'dmeo'");
    expect(cmd.err).toContain('Did you mean demo?');
    const flag = await vaglio(['run', 'x.yaml', '--target', 't.yaml', '--treshold', '0.9']);
    expect(flag.code).toBe(2);
    expect(flag.err).toContain("unknown option '--treshold'");
    expect(flag.err).toContain('Did you mean --threshold?');
    for (const r of [cmd, flag]) expect(r.err).not.toMatch(/\n\s+at /);
  });

  it('a bad value names the flag (and guesses the percentage), exit 2, nothing attempted', async () => {
    const pct = await vaglio(['run', 'x.yaml', '--target', 't.yaml', '--threshold', '95']);
    expect(pct.code).toBe(2);
    expect(pct.err).toContain('--threshold must be between 0 and 1 (did you mean 0.95?)');
    const fault = await vaglio(['demo', '--fault', 'nope']);
    expect(fault.code).toBe(2);
    expect(fault.err).toMatch(/--fault "nope" is not one of: no-tool, /);
    const repeat = await vaglio(['run', 'x.yaml', '--target', 't.yaml', '--repeat', 'two']);
    expect(repeat.err).toContain('--repeat must be a number');
    const missing = await vaglio(['run', 'x.yaml']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain("required option '--target <file>' not specified");
    const noFile = await vaglio(['run', 'nowhere.yaml', '--target', 'nowhere-target.yaml']);
    expect(noFile.code).toBe(2);
    expect(noFile.err).toContain('nowhere');
    for (const r of [pct, fault, repeat, missing, noFile]) expect(r.err).not.toMatch(/\n\s+at |ECONNREFUSED/);
  });

  it('import -o into a folder that does not exist creates it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vaglio-import-'));
    const csv = path.join(dir, 'tests.csv');
    writeFileSync(csv, 'Question,Expected response\nQuando scade il bando?,Il 31 gennaio 2027\n');
    const out = path.join(dir, 'new', 'folder', 'copilot.yaml');
    const r = await vaglio(['import', csv, '-o', out]);
    expect(r.code, r.err).toBe(0);
    expect(existsSync(out)).toBe(true);
    expect(readFileSync(out, 'utf8')).toContain('Quando scade il bando?');
  });

  it('import promptfooconfig.yaml writes a scenario and a target file that load, and lists what it could not map', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vaglio-promptfoo-'));
    const out = path.join(dir, 'scenarios', 'promptfoo.yaml');
    const r = await vaglio(['import', path.join(ROOT, 'test/scenarios/fixtures/promptfooconfig.yaml'), '-o', out]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain(`5 cases imported into ${out}`);
    expect(r.err).toContain(`target written to ${path.join(dir, 'scenarios', 'promptfoo.target.yaml')}`);
    expect(r.err).toContain('not imported (2):\n  - tests[2].assert[2]: javascript refused: vaglio never runs code from a test file');
    const [set] = await loadScenarios([out]);
    expect(set!.cases).toHaveLength(5);
    const target = await loadTargetConfig(path.join(dir, 'scenarios', 'promptfoo.target.yaml'));
    expect(target).toMatchObject({ type: 'http', url: 'https://staging.example.org/api/chat' });
    const other = path.join(dir, 'other.yaml');
    writeFileSync(other, 'hello: world\n');
    const bad = await vaglio(['import', other]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('not a Copilot Studio CSV/TXT, a JSON eval set');
  });
});
