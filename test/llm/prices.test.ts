import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { costUsd, loadPriceTable } from '../../shared/llm/index.ts';

describe('price table', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'prices-'));

  it('lets a JSON file override and extend the default prices', () => {
    const file = path.join(dir, 'prices.json');
    writeFileSync(file, JSON.stringify({ 'gpt-4o-mini': { inputPerMTok: 1, outputPerMTok: 2 }, 'my-vllm': { inputPerMTok: 0.5, outputPerMTok: 0.5 } }));
    const table = loadPriceTable(file);
    expect(costUsd(table, 'gpt-4o-mini', 1_000_000, 1_000_000)).toBeCloseTo(3, 9);
    expect(costUsd(table, 'my-vllm', 2_000_000, 0)).toBeCloseTo(1, 9);
    expect(costUsd(table, 'gpt-4o', 1_000_000, 0)).toBeCloseTo(loadPriceTable()['gpt-4o']!.inputPerMTok, 9);
  });

  it('prices dated model names like their base model, and unknown local models at zero', () => {
    const table = loadPriceTable();
    expect(costUsd(table, 'gpt-4o-2024-08-06', 1000, 1000)).toBe(costUsd(table, 'gpt-4o', 1000, 1000));
    expect(costUsd(table, 'llama3.1:8b', 1000, 1000)).toBe(0);
  });

  it('names the file and the problem when the override is bad', () => {
    const file = path.join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ m: { inputPerMTok: -1, outputPerMTok: 0 } }));
    expect(() => loadPriceTable(file)).toThrow(/bad\.json: m\.inputPerMTok/);
  });
});
