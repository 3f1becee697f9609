/**
 * `npm run docs`: regenerates the user reference in docs/ from the zod schemas. `--check` exits 1 naming the
 * stale files instead (test/docs/reference.test.ts does the same).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderChecks } from './checks.ts';
import { renderScenarios } from './scenarios.ts';
import { renderTargets } from './targets.ts';

export const DOCS: Record<string, () => string> = {
  'docs/checks.md': renderChecks,
  'docs/targets.md': renderTargets,
  'docs/scenarios.md': renderScenarios,
};

export const ROOT = path.resolve(import.meta.dirname, '../..');

export function staleDocs(): string[] {
  return Object.entries(DOCS).flatMap(([file, render]) => {
    let current = '';
    try {
      current = readFileSync(path.join(ROOT, file), 'utf8');
    } catch {
      // missing counts as stale
    }
    return current === render() ? [] : [file];
  });
}

if (process.argv[1] === import.meta.filename) {
  if (process.argv.includes('--check')) {
    const stale = staleDocs();
    if (stale.length) {
      process.stderr.write(`stale: ${stale.join(', ')} (run npm run docs)\n`);
      process.exit(1);
    }
  } else {
    for (const [file, render] of Object.entries(DOCS)) {
      writeFileSync(path.join(ROOT, file), render());
      process.stdout.write(`wrote ${file}\n`);
    }
  }
}
