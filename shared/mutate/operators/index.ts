/**
 * The operator registry: one file per family, one entry each. Users add their own with
 * `vaglio mutate --operators-module ./my-operators.ts` (a module whose default export is an array of operators).
 */
import type { MutationOperator } from '../types.ts';
import { answerInEnglish, deflect, expiredAsOpen, inventBando } from './answers.ts';
import { foreignLink, informalRegister, insertCanary, insertSystemPrompt, pirateRegister, politicalOpinion } from './attacks.ts';
import { changeCount, shiftDateDay, shiftDateMonth, wrongYear } from './facts.ts';
import { dropSearchFilter, dropTenderCall, staleScope, swapTenderId } from './tools.ts';

export const BUILTIN_OPERATORS: readonly MutationOperator[] = [
  shiftDateDay,
  shiftDateMonth,
  wrongYear,
  changeCount,
  swapTenderId,
  dropTenderCall,
  staleScope,
  dropSearchFilter,
  expiredAsOpen,
  deflect,
  answerInEnglish,
  insertCanary,
  insertSystemPrompt,
  informalRegister,
  pirateRegister,
  politicalOpinion,
  inventBando,
  foreignLink,
];
