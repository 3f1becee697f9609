/** The family registry: one generator per family (a family in FAMILIES without one does not compile). */
import type { Family } from '../types.ts';
import { boilerplateFamily } from './boilerplate.ts';
import { factFamily } from './facts.ts';
import type { FamilyGenerator } from './registry-types.ts';
import { scopeSwitchFamily } from './scope-switch.ts';
import { searchFamily } from './search.ts';

export const FAMILY_GENERATORS: Record<Family, FamilyGenerator> = {
  boilerplate: boilerplateFamily,
  fact: factFamily,
  search: searchFamily,
  'scope-switch': scopeSwitchFamily,
};

export { generateScopeSwitch, DEFAULT_FAQ_QUESTION } from './scope-switch.ts';
export type { FamilyGenerator } from './registry-types.ts';
