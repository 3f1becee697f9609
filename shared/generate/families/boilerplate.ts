/** Boilerplate questions (scenarios/boilerplate/questions.yaml), phrased with the bando's title and administration. */
import { loadBoilerplate } from '../boilerplate-config.ts';
import { fillTemplate } from '../italian.ts';
import type { FamilyGenerator } from './registry-types.ts';
import { answers, makeCase, readsTender, tenderVars } from './common.ts';

export const boilerplateFamily: FamilyGenerator = (tender, opts) => {
  const questions = opts.boilerplate ?? loadBoilerplate();
  const vars = tenderVars(tender.metadata);
  return questions.map((q) =>
    makeCase(
      tender,
      opts,
      {
        family: 'boilerplate',
        key: q.id,
        turns: [fillTemplate(q.question, vars)],
        checks: [answers, readsTender(tender.id), { type: 'boilerplate-quality', id: 'quality' }],
        tags: [q.topic],
      },
      { generator: 'template', template: q.id },
    ),
  );
};
