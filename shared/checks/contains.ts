/** Substring and keyword checks; the `not-` variants come from the same handlers through `isInverse`. */
import { answerOf, expectedValue, fail, fill, isInverse, pass, quote, verdict, withEvidence } from './common.ts';
import type { CheckSpecOf } from './schema.ts';
import { foldAccents } from './text.ts';
import type { CheckHandler } from './types.ts';

function prepare(text: string, ignoreCase: boolean, ignoreAccents: boolean): string {
  let out = text.normalize('NFC');
  if (ignoreCase) out = out.toLocaleLowerCase('it');
  if (ignoreAccents) out = foldAccents(out);
  return out;
}

export const contains: CheckHandler<CheckSpecOf<'contains' | 'not-contains'>> = (spec, ctx) => {
  const expected = expectedValue(spec, spec.value, ctx);
  if ('result' in expected) return expected.result;
  const found = prepare(answerOf(ctx), spec.ignoreCase, spec.ignoreAccents).includes(
    prepare(expected.value, spec.ignoreCase, spec.ignoreAccents),
  );
  const r = verdict(
    spec,
    found,
    isInverse(spec),
    found ? `answer contains ${quote(expected.value)}` : `answer does not contain ${quote(expected.value)}`,
  );
  return found ? withEvidence(r, [expected.value], 'assistant') : r;
};

export const keywords: CheckHandler<CheckSpecOf<'keywords' | 'not-keywords'>> = (spec, ctx) => {
  const answer = prepare(answerOf(ctx), spec.ignoreCase, spec.ignoreAccents);
  const found: string[] = [];
  const missing: string[] = [];
  for (const raw of spec.keywords) {
    const filled = fill(spec, raw, ctx.vars);
    if ('result' in filled) return filled.result;
    (answer.includes(prepare(filled.value, spec.ignoreCase, spec.ignoreAccents)) ? found : missing).push(filled.value);
  }
  // For `not-keywords`, mode any = "none may appear", mode all = "not all may appear together".
  const ok = spec.mode === 'all' ? missing.length === 0 : found.length > 0;
  const score = found.length / spec.keywords.length;
  const list = (xs: string[]) => `[${xs.join(', ')}]`;
  const inverse = isInverse(spec);
  // Said plainly for each case (it was "found [], missing [...] (mode any)").
  const reason =
    spec.mode === 'all'
      ? ok
        ? `all of ${list(found)} found${inverse ? ' together' : ''}`
        : `missing ${list(missing)}${found.length ? `; found ${list(found)}` : ''}${inverse ? ' (not all of them appear)' : ''}`
      : ok
        ? `found ${list(found)}${inverse ? ' (none may appear)' : missing.length ? `; not found ${list(missing)}` : ''}`
        : `none of ${list(missing)} found`;
  return withEvidence((ok !== inverse ? pass : fail)(spec, reason, score), found, 'assistant');
};
