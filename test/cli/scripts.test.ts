/** Every npm script and the Docker image's command point at files that exist, and only runtime packages ship. */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../cli/paths.ts';

const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir)) {
    if (['node_modules', '.git', 'test', 'reports', '.vaglio'].includes(e)) continue;
    const p = path.join(dir, e);
    if (statSync(p).isDirectory()) sourceFiles(p, out);
    else if (/\.(ts|mjs|js)$/.test(e)) out.push(p);
  }
  return out;
}

describe('package scripts', () => {
  it('each script running a file names one that exists, and `vaglio <command>` scripts name real commands', () => {
    const cli = readFileSync(path.join(ROOT, 'cli/commands/index.ts'), 'utf8');
    for (const [name, script] of Object.entries(pkg.scripts)) {
      for (const m of script.matchAll(/\b(?:tsx|node)\s+([\w./-]+\.(?:ts|js|mjs))/g)) expect(existsSync(path.join(ROOT, m[1]!)), `${name}: ${m[1]}`).toBe(true);
      const sub = /cli\/vaglio\.ts\s+([a-z-]+)/.exec(script)?.[1];
      if (sub) expect(cli, `${name}: vaglio ${sub}`).toMatch(new RegExp(`${sub}Command\\b`));
    }
  });

  it("the Docker image's default command is a script that exists", () => {
    const cmd = /^CMD\s+(\[.*\])\s*$/m.exec(readFileSync(path.join(ROOT, 'infra/Dockerfile'), 'utf8'))?.[1];
    const argv = JSON.parse(cmd!) as string[];
    expect(argv.slice(0, 2)).toEqual(['npm', 'run']);
    expect(pkg.scripts[argv[2]!]).toBeDefined();
  });

  it('tsx (which runs every script) is a runtime dependency; packages only tests import are devDependencies', () => {
    expect(pkg.dependencies.tsx).toBeDefined();
    const shipped = sourceFiles(ROOT).map((f) => readFileSync(f, 'utf8')).join('\n');
    for (const dev of Object.keys(pkg.devDependencies)) {
      if (dev.startsWith('@types/') || ['typescript', 'eslint', 'typescript-eslint', 'vitest', 'fast-check', 'playwright-core'].includes(dev)) continue;
      expect(shipped, `${dev} is imported outside test/`).not.toMatch(new RegExp(`from '${dev}(/[^']*)?'`));
    }
    for (const dep of ['pdf-lib', 'mailparser', 'smtp-server']) expect(pkg.dependencies[dep], dep).toBeUndefined();
  });
});
