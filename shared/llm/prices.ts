/**
 * Price table: USD per million tokens, input and output, per model. The defaults are list prices at the
 * time of writing and only an estimate; a deployment overrides or extends them with a JSON file
 * ({ "model": { "inputPerMTok": n, "outputPerMTok": n } }). Unknown models (local Ollama, vLLM, llama.cpp)
 * cost 0: vaglio still counts their tokens.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export const modelPriceSchema = z.object({
  inputPerMTok: z.number().nonnegative(),
  outputPerMTok: z.number().nonnegative(),
});
export type ModelPrice = z.infer<typeof modelPriceSchema>;
export const priceTableSchema = z.record(z.string(), modelPriceSchema);
export type PriceTable = z.infer<typeof priceTableSchema>;

export const DEFAULT_PRICES: PriceTable = {
  'gpt-4o': { inputPerMTok: 2.5, outputPerMTok: 10 },
  'gpt-4o-mini': { inputPerMTok: 0.15, outputPerMTok: 0.6 },
  'gpt-4.1': { inputPerMTok: 2, outputPerMTok: 8 },
  'gpt-4.1-mini': { inputPerMTok: 0.4, outputPerMTok: 1.6 },
  'gpt-4.1-nano': { inputPerMTok: 0.1, outputPerMTok: 0.4 },
  'o4-mini': { inputPerMTok: 1.1, outputPerMTok: 4.4 },
  'text-embedding-3-small': { inputPerMTok: 0.02, outputPerMTok: 0 },
  'text-embedding-3-large': { inputPerMTok: 0.13, outputPerMTok: 0 },
};

/** The default table merged with a JSON override file (file entries win). A bad file throws with its path. */
export function loadPriceTable(overridePath?: string): PriceTable {
  if (!overridePath) return { ...DEFAULT_PRICES };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(overridePath, 'utf8'));
  } catch (err) {
    throw new Error(`price table ${overridePath}: ${(err as Error).message}`);
  }
  const result = priceTableSchema.safeParse(parsed);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`price table ${overridePath}: ${problems}`);
  }
  return { ...DEFAULT_PRICES, ...result.data };
}

/** Cost of one call. Dated model names (gpt-4o-2024-08-06) fall back to their undated entry. */
export function costUsd(table: PriceTable, model: string, tokensIn: number, tokensOut: number): number {
  const price = table[model] ?? table[model.replace(/-\d{4}-\d{2}-\d{2}$/, '')];
  if (!price) return 0;
  return (tokensIn * price.inputPerMTok + tokensOut * price.outputPerMTok) / 1_000_000;
}
