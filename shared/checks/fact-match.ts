/**
 * Fact match: a number or date given in the spec (or the case's expected answer) must be stated in the answer.
 * With a `slot` (deadline, publication-date, posts) it must be stated *for that slot*: a different value stated
 * for the slot fails, and a date given as the publication date is not the deadline. Values inside quotes or
 * repeated from the question or the bando's title (`{{title}}`) are never taken as stated by the answer.
 */
import { answerOf, expectedValue, fail, invalid, judgedTurn, pass, withEvidence } from './common.ts';
import { parseExpectedFact } from './facts.ts';
import { slottedFacts, type FactSlot, type SlottedFacts } from './fact-slots.ts';
import type { CheckSpecOf } from './schema.ts';
import type { CheckContext, CheckHandler, CheckResult } from './types.ts';

type Spec = CheckSpecOf<'fact-match'>;

const SLOT_NAMES: Record<FactSlot, string> = { deadline: 'the deadline', 'publication-date': 'the publication date', posts: 'the number of posts' };

const list = (xs: (string | number)[]) => [...new Set(xs)].join(', ') || 'none';

function slotted(
  spec: Spec,
  slot: FactSlot,
  want: string | number,
  stated: (string | number)[],
  unslotted: (string | number)[],
  dates?: SlottedFacts['dates'],
): CheckResult {
  const name = SLOT_NAMES[slot];
  const others = [...new Set(stated.filter((v) => v !== want))];
  if (others.length) return fail(spec, `answer states ${list(others)} as ${name}, expected ${want}`);
  if (stated.includes(want)) return pass(spec, `answer states ${want} as ${name}`);
  // Nothing said to be the slot: a lone value with no word saying what it is answers the question asked.
  const loose = [...new Set(unslotted)];
  if (loose.length === 1 && loose[0] === want) return pass(spec, `answer states ${want} (the only ${typeof want === 'number' ? 'number' : 'date'} it gives)`);
  const seen = dates
    ? `dates found: ${list(dates.unslotted)}${dates['publication-date'].length ? `; as the publication date: ${list(dates['publication-date'])}` : ''}${dates.deadline.length ? `; as the deadline: ${list(dates.deadline)}` : ''}`
    : `numbers found: ${list(loose)}`;
  return fail(spec, `answer does not state ${want} as ${name} (${seen})`);
}

const MONTHS = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];

/** How the answer wrote a wrong value (the reports highlight it): "4 posti", "16 gennaio 2027", "16/01/2027". */
function writtenAs(answer: string, value: string | number): string[] {
  if (typeof value === 'number') return [new RegExp(`\\b${value}\\b(?:\\s+\\p{L}+)?`, 'u').exec(answer)?.[0] ?? ''];
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return [];
  const [, y, mo, d] = m;
  const day = String(Number(d));
  const forms = [`${day} ${MONTHS[Number(mo) - 1]} ${y}`, `${day}° ${MONTHS[Number(mo) - 1]} ${y}`, `${d}/${mo}/${y}`, `${day}/${Number(mo)}/${y}`, `${d}.${mo}.${y}`, value];
  const lower = answer.toLowerCase();
  return forms.filter((f) => lower.includes(f)).map((f) => answer.substr(lower.indexOf(f), f.length)).slice(0, 1);
}

/** A failed slot check points at the wrong values the answer stated for the slot. */
function wrongValues(r: CheckResult, answer: string, wrong: (string | number)[]): CheckResult {
  return r.outcome === 'fail' && wrong.length ? withEvidence(r, [...new Set(wrong)].flatMap((v) => writtenAs(answer, v)), 'assistant') : r;
}

function echoes(ctx: CheckContext): string[] {
  return [judgedTurn(ctx)?.user ?? '', ctx.vars.title ?? ''].filter(Boolean);
}

export const factMatch: CheckHandler<Spec> = (spec, ctx) => {
  let raw: string | number;
  if (typeof spec.value === 'number') raw = spec.value;
  else {
    const expected = expectedValue(spec, spec.value, ctx);
    if ('result' in expected) return expected.result;
    raw = expected.value;
  }
  const kind = spec.slot === 'posts' ? 'number' : spec.slot ? 'date' : spec.kind;
  const fact = parseExpectedFact(raw, kind);
  if (!fact) {
    return invalid(spec, `expected value ${JSON.stringify(raw)} is not a single ${kind === 'auto' ? 'number or date' : kind}`);
  }
  const found = slottedFacts(answerOf(ctx), echoes(ctx));
  if (spec.slot === 'posts' && 'number' in fact) {
    return wrongValues(slotted(spec, 'posts', fact.number, found.posts, found.numbers), answerOf(ctx), found.posts.filter((v) => v !== fact.number));
  }
  if (spec.slot && spec.slot !== 'posts' && 'date' in fact) {
    // A date said to be the other slot is no answer to this one, even alone: only unslotted dates stand in.
    const stated = found.dates[spec.slot];
    return wrongValues(slotted(spec, spec.slot, fact.date, stated, found.dates.unslotted, found.dates), answerOf(ctx), stated.filter((v) => v !== fact.date));
  }
  if ('date' in fact) {
    const dates = [...found.dates.deadline, ...found.dates['publication-date'], ...found.dates.unslotted];
    return dates.includes(fact.date)
      ? pass(spec, `answer states the date ${fact.date}`)
      : fail(spec, `answer does not state ${fact.date} (dates found: ${list(dates)})`);
  }
  const hit = found.numbers.some((n) => Math.abs(n - fact.number) < 1e-9);
  return hit
    ? pass(spec, `answer states the number ${fact.number}`)
    : fail(spec, `answer does not state ${fact.number} (numbers found: ${list(found.numbers)})`);
};
