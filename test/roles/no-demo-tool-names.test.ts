/**
 * vaglio judges other people's chatbots: nothing outside the demo chatbot (its service, its CLI and its target
 * file) may name the demo bot's tools. Generated tests, check defaults, captures and detectors refer to roles.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['shared', 'cli', 'queues', 'services'];
const ALLOWED = ['services/demo-chatbot', 'cli/demo', 'scenarios/targets/demo-chatbot.yaml'];
const DEMO_TOOLS = /get_tender_text|search_tenders|get_faq/;

function files(dir: string): string[] {
  const rel = path.relative(ROOT, dir);
  if (ALLOWED.some((a) => rel === a || rel.startsWith(`${a}/`)) || path.basename(dir) === 'node_modules') return [];
  if (!statSync(dir).isDirectory()) return [rel];
  return readdirSync(dir).flatMap((d) => files(path.join(dir, d)));
}

describe('demo tool names', () => {
  it('appear nowhere in shared/, cli/, queues/ or services/ outside the demo chatbot', () => {
    const hits = SCANNED.flatMap((d) => files(path.join(ROOT, d))).flatMap((f) =>
      readFileSync(path.join(ROOT, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => (DEMO_TOOLS.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(hits).toEqual([]);
  });

  it('the scan does look: it finds the names in the demo chatbot it leaves out', () => {
    const demo = readFileSync(path.join(ROOT, 'scenarios/targets/demo-chatbot.yaml'), 'utf8');
    expect(demo).toMatch(DEMO_TOOLS);
  });
});

describe('the demo target file', () => {
  it("declares the demo bot's canary, so every path (CLI, daily, API, demo) gives it to the leak detectors", async () => {
    const { loadTargetConfig } = await import('../../shared/targets/index.ts');
    const { DEMO_CANARY } = await import('../../services/demo-chatbot/index.ts');
    const t = await loadTargetConfig(path.join(ROOT, 'scenarios/targets/demo-chatbot.yaml'));
    expect(t.confidential?.canary).toBe(DEMO_CANARY);
    expect(t.roles?.tender).toMatchObject({ tool: expect.any(String), idArg: expect.any(String) });
  });
});
