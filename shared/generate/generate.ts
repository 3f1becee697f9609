/** generateTenderTests: every family over one tender; ids unique and stable for the same input. */
import { FAMILIES, type GeneratedCase, type GenerateOptions, type TenderInput } from './types.ts';
import { FAMILY_GENERATORS } from './families/index.ts';
import { loadBoilerplate } from './boilerplate-config.ts';

export async function generateTenderTests(tender: TenderInput, opts: GenerateOptions): Promise<GeneratedCase[]> {
  const families = opts.families ?? [...FAMILIES];
  const withConfig: GenerateOptions = { ...opts, boilerplate: opts.boilerplate ?? (families.includes('boilerplate') ? loadBoilerplate() : []) };
  const out: GeneratedCase[] = [];
  for (const family of FAMILIES) {
    if (families.includes(family)) out.push(...(await FAMILY_GENERATORS[family](tender, withConfig)));
  }
  const ids = new Set<string>();
  for (const c of out) {
    if (ids.has(c.testId)) throw new Error(`generated test id ${c.testId} twice for ${tender.id}`);
    ids.add(c.testId);
  }
  return out;
}
