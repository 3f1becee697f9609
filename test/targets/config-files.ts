/** Writing a target file and reading the TargetConfigError it gives (tests of what a user sees on a bad file). */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { loadTargetConfig, TargetConfigError } from '../../shared/targets/index.ts';

export async function loadProblems(dir: string, name: string, text: string): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, text);
  const err = await loadTargetConfig(file).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TargetConfigError);
  return (err as Error).message;
}
