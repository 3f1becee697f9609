/** Reading target config files: the shipped examples load; broken files name file, line and field. */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadProblems } from './config-files.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTarget, loadTargetConfig, TARGET_TYPES } from '../../shared/targets/index.ts';

const examples = fileURLToPath(new URL('../../scenarios/targets', import.meta.url));
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vaglio-targets-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));


describe('loadTargetConfig', () => {
  it('loads every example in scenarios/targets', async () => {
    const files = (await readdir(examples)).filter((f) => /\.(ya?ml|json)$/.test(f));
    expect(files).toEqual(expect.arrayContaining(['demo-chatbot.yaml', 'openai-compatible.yaml']));
    for (const f of files) {
      const config = await loadTargetConfig(join(examples, f));
      expect(TARGET_TYPES).toContain(config.type);
      expect(typeof createTarget(config, { prefix: 'unused' }).send).toBe('function');
    }
  });

  it('applies defaults and resolves a transform path next to the config file', async () => {
    const file = join(dir, 'with-transform.json');
    await writeFile(file, JSON.stringify({ type: 'http', url: 'http://x', transform: './t.ts' }));
    const config = await loadTargetConfig(file);
    expect(config).toMatchObject({ type: 'http', transform: join(dir, 't.ts'), method: 'POST', mode: 'stateless', retries: 2 });
  });

  it('names the file, the line and the field of a bad value', async () => {
    const msg = await loadProblems(dir, 'bad.yaml', 'type: http\nurl: http://x\nresponse:\n  answer: answer\ntimeoutMs: -5\n');
    expect(msg).toContain(`${join(dir, 'bad.yaml')}:5: timeoutMs:`);
  });

  it('names an unknown target type', async () => {
    const msg = await loadProblems(dir, 'type.yaml', 'type: grpc\nurl: http://x\n');
    expect(msg).toMatch(/type\.yaml:1: type: .*http.*openai/);
  });

  it('names a missing field at its parent and reports YAML syntax errors with their line', async () => {
    expect(await loadProblems(dir, 'missing.yaml', 'type: openai\nbaseUrl: http://x/v1\n')).toMatch(/missing\.yaml:1: model:/);
    expect(await loadProblems(dir, 'syntax.yaml', 'type: http\nurl: [unclosed\n')).toMatch(/syntax\.yaml:\d+:/);
  });

  it('says which file could not be read', async () => {
    await expect(loadTargetConfig(join(dir, 'nope.yaml'))).rejects.toThrow(/nope\.yaml: cannot read/);
  });
});
