/**
 * answer-presence benchmark: does the check tell an answer from a deflection? On labelled chatbot answers
 * (label `answer` or `no-answer`, a `kind` each), a false positive is an answer the check fails (it blames the
 * bot for a reply that did answer), a false negative a deflection it passes. Per kind, the errors are listed.
 *   - independent: test/fixtures/independent/answer-presence/answers.jsonl (frozen, written by someone who had
 *     not read the check; never tuned on);
 *   - holdout-1 (read): test/fixtures/independent/holdout-answer-presence/answers.jsonl (a second set written
 *     later by someone else who had not read the check; demoted to a development set on 2026-12-01 when holdout2
 *     was commissioned, see its STATUS.md: its misses are printed like the independent set's, its figures are
 *     optimistic);
 *   - holdout2 (read), holdout3 (read): test/fixtures/independent/holdout{2,3}-answer-presence/answers.jsonl, held
 *     out until they were demoted to development sets on 2026-12-01 ~22:20 UTC when holdout4 was commissioned
 *     (their STATUS.md): their misses are now printed and read, their figures optimistic;
 *   - holdout4 (read): test/fixtures/independent/holdout4-answer-presence/answers.jsonl, held out until it was
 *     demoted to a development set on 2026-12-07 ~20:45 UTC when holdout5 was commissioned (its STATUS.md);
 *   - holdout5: test/fixtures/independent/holdout5-answer-presence/answers.jsonl (the held-out set, written on
 *     2026-12-07 by someone who had not read the check, landed before the fixes it measures: only its counts are
 *     printed, never its texts, ids or per-kind misses, so nobody tunes on it; skipped with a message while absent);
 *   - demo: bench/fixtures/answer-presence/demo-bot.jsonl (the demo bot's own replies, labelled by us), judged
 *     with the canned replies its target file declares (scenarios/targets/demo-chatbot.yaml `cannedReplies`).
 * The check is given what a run gives it: the question, the target's canned replies (a set's
 * `context.cannedReplies`), and a tenderId when the question is about a named bando (`context.bandoNamed`; a
 * generated case carries its bando's id). When the set says no bando was named, the check infers it as usual.
 * Convention (issue 19): FP = an answer the check fails; FN = a deflection the check passes (counted as an
 * answer). Some set READMEs name them the other way round; the figures here always follow this one.
 * Undecided: replies the check's rules leave to the judge (mandate `answer-presence`; without a judge model the
 * check is `invalid`), counted apart, neither FP nor FN; the percentages are over all the set's answers and
 * deflections, undecided ones included.
 * Run: npm run bench:answer-presence [-- --quiet] [--independent <file>] [--holdout <file>] [--holdout2 <file>] [--holdout3 <file>] [--holdout4 <file>] [--holdout5 <file>] [--demo <file>]
 * The last lines are `answer-presence: FP x% FN y% (<set>; …; undecided: a/A answers, d/D deflections → judge)`, one
 * per set, then the union of the development sets (all but the held-out sets).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { checkSpecSchema, runCheck } from '../shared/checks/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    independent: { type: 'string', default: path.join(root, 'test/fixtures/independent/answer-presence/answers.jsonl') },
    holdout: { type: 'string', default: path.join(root, 'test/fixtures/independent/holdout-answer-presence/answers.jsonl') },
    holdout2: { type: 'string', default: path.join(root, 'test/fixtures/independent/holdout2-answer-presence/answers.jsonl') },
    holdout3: { type: 'string', default: path.join(root, 'test/fixtures/independent/holdout3-answer-presence/answers.jsonl') },
    holdout4: { type: 'string', default: path.join(root, 'test/fixtures/independent/holdout4-answer-presence/answers.jsonl') },
    holdout5: { type: 'string', default: path.join(root, 'test/fixtures/independent/holdout5-answer-presence/answers.jsonl') },
    demo: { type: 'string', default: path.join(root, 'bench/fixtures/answer-presence/demo-bot.jsonl') },
    'demo-target': { type: 'string', default: path.join(root, 'scenarios/targets/demo-chatbot.yaml') },
    quiet: { type: 'boolean', default: false },
  },
});

const item = z.object({
  id: z.string(),
  lang: z.string().default('it'),
  question: z.string(),
  context: z.object({ bandoNamed: z.boolean().optional(), cannedReplies: z.array(z.string()).optional() }).default({}),
  answer: z.string(),
  label: z.enum(['answer', 'no-answer']),
  kind: z.string(),
});
type Item = z.infer<typeof item>;

function load(file: string): Item[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l, i) => {
      const parsed = item.safeParse(JSON.parse(l));
      if (!parsed.success) throw new Error(`${file}:${i + 1}: ${parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`);
      return parsed.data;
    });
}

/** The canned replies a target file declares (none when it declares none). */
function targetCanned(file: string): string[] {
  if (!existsSync(file)) return [];
  const declared = (parseYaml(readFileSync(file, 'utf8')) as { cannedReplies?: unknown }).cannedReplies;
  return z.array(z.string()).default([]).parse(declared);
}

/** The check as a target file configures it: the bot's canned replies, when the set gives them. */
function specFor(it: Item, extraCanned: string[]) {
  const canned = [...(it.context.cannedReplies ?? []), ...extraCanned];
  // Older versions of the check only knew `fallbackMessages`; the option a target sets is `cannedReplies`.
  const shape = 'cannedReplies' in (checkSpecSchema.parse({ type: 'answer-presence' }) as object) ? { cannedReplies: canned } : { fallbackMessages: canned };
  return checkSpecSchema.parse({ type: 'answer-presence', ...shape });
}

interface Score {
  fp: number;
  answers: number;
  fn: number;
  deflections: number;
  /** Answers and deflections the rules leave to the judge. */
  undecidedAnswers: number;
  undecidedDeflections: number;
}

async function score(name: string, items: Item[], opts: { quiet: boolean; canned: string[] }): Promise<Score> {
  const byKind = new Map<string, { label: string; n: number; wrong: { id: string; answer: string; reason: string }[]; undecided: { id: string; answer: string; reason: string }[] }>();
  let fp = 0;
  let fn = 0;
  let undecidedAnswers = 0;
  let undecidedDeflections = 0;
  for (const it of items) {
    const r = await runCheck(specFor(it, opts.canned), {
      transcript: { turns: [{ index: 0, user: it.question, assistant: it.answer, toolCalls: [], latencyMs: 1 }] },
      vars: it.context.bandoNamed ? { tenderId: `${it.id}-bando` } : {},
    });
    const k = byKind.get(it.kind) ?? { label: it.label, n: 0, wrong: [], undecided: [] };
    k.n++;
    byKind.set(it.kind, k);
    // Left to the judge: neither right nor wrong here.
    if (r.undecided !== undefined && r.outcome === 'invalid') {
      if (it.label === 'answer') undecidedAnswers++;
      else undecidedDeflections++;
      k.undecided.push({ id: it.id, answer: it.answer, reason: r.undecided });
      continue;
    }
    const saysAnswer = r.outcome === 'pass';
    const wrong = saysAnswer !== (it.label === 'answer');
    if (wrong && it.label === 'answer') fp++;
    if (wrong && it.label === 'no-answer') fn++;
    if (wrong) k.wrong.push({ id: it.id, answer: it.answer, reason: r.reason });
  }
  const answers = items.filter((i) => i.label === 'answer').length;
  const deflections = items.length - answers;
  console.log(`\n## ${name} (${items.length} answers: ${answers} answer, ${deflections} no-answer)\n`);
  console.log('| kind | label | items | wrong | undecided |');
  console.log('|---|---|---|---|---|');
  for (const [kind, k] of [...byKind].sort((a, b) => a[1].label.localeCompare(b[1].label) || a[0].localeCompare(b[0]))) {
    console.log(`| ${kind} | ${k.label} | ${k.n} | ${k.wrong.length} | ${k.undecided.length} |`);
  }
  if (!opts.quiet) {
    for (const [kind, k] of byKind) {
      for (const w of k.wrong) console.log(`  ${k.label === 'answer' ? 'FP' : 'FN'} ${kind} ${w.id}: ${JSON.stringify(w.answer.slice(0, 120))} (${w.reason.slice(0, 80)})`);
      for (const w of k.undecided) console.log(`  ?? ${k.label} ${kind} ${w.id}: ${JSON.stringify(w.answer.slice(0, 120))} (${w.reason.slice(0, 80)})`);
    }
  }
  return { fp, answers, fn, deflections, undecidedAnswers, undecidedDeflections };
}

const pct = (n: number, d: number) => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`);
const line = (name: string, s: Score) =>
  `answer-presence: FP ${pct(s.fp, s.answers)} FN ${pct(s.fn, s.deflections)} (${name}; ${s.fp}/${s.answers} answers failed, ${s.fn}/${s.deflections} deflections passed; ` +
  `undecided: ${s.undecidedAnswers}/${s.answers} answers, ${s.undecidedDeflections}/${s.deflections} deflections → judge)`;
const sets = [
  { name: 'demo', file: values.demo, quiet: values.quiet, canned: targetCanned(values['demo-target']) },
  { name: 'independent', file: values.independent, quiet: values.quiet, canned: [] },
  // Demoted to development sets (their STATUS.md): read, so their misses are printed and their figures optimistic.
  { name: 'holdout-1 (read)', file: values.holdout, quiet: values.quiet, canned: [] },
  { name: 'holdout2 (read)', file: values.holdout2, quiet: values.quiet, canned: [] },
  { name: 'holdout3 (read)', file: values.holdout3, quiet: values.quiet, canned: [] },
  { name: 'holdout4 (read)', file: values.holdout4, quiet: values.quiet, canned: [] },
  // Held out: counts only, never its texts, ids or per-kind misses, --quiet or not.
  { name: 'holdout5', file: values.holdout5, quiet: true, heldOut: true, canned: [] },
];
const lines: string[] = [];
const all: Score = { fp: 0, answers: 0, fn: 0, deflections: 0, undecidedAnswers: 0, undecidedDeflections: 0 };
const measured: string[] = [];
for (const set of sets) {
  if (!existsSync(set.file)) {
    console.log(`\n(${set.name}: ${set.file} not found, skipped)`);
    lines.push(`answer-presence: ${set.name} skipped (${path.relative(root, set.file)} not found)`);
    continue;
  }
  const s = await score(set.name, load(set.file), set);
  lines.push(line(set.name, s));
  // The union is of the development sets; the held-out figure stands alone.
  if ('heldOut' in set) continue;
  for (const k of Object.keys(all) as (keyof Score)[]) all[k] += s[k];
  measured.push(set.name);
}
console.log('');
for (const l of lines) console.log(l);
if (measured.length > 1) console.log(line(`development sets: ${measured.join(' + ')}`, all));
