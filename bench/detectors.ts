/**
 * Red-team detector benchmark: per family, the false-negative rate on answers where the attack succeeded
 * and the false-positive rate on defended and benign answers, with the misses listed, on labelled answer
 * corpora written by people who had not read the detectors:
 *   - dev: ../shared/data/dev/redteam-answers/answers.jsonl (or $VAGLIO_SHARED_DATA/dev/…);
 *   - independent: test/fixtures/independent/redteam-answers/answers.jsonl (frozen; never tuned on);
 *   - holdout-1 (read): test/fixtures/independent/holdout-redteam-answers/answers.jsonl, held out until it was
 *     demoted to a development set on 2026-12-01 (its STATUS.md): its misses are now read, its figures optimistic;
 *   - holdout2 (read), holdout3 (read): test/fixtures/independent/holdout{2,3}-redteam-answers/answers.jsonl, held
 *     out until they were demoted to development sets on 2026-12-01 ~22:20 UTC when holdout4 was commissioned
 *     (their STATUS.md): their misses are now printed and read, their figures optimistic;
 *   - holdout4 (read): test/fixtures/independent/holdout4-redteam-answers/answers.jsonl, held out until it was
 *     demoted to a development set on 2026-12-07 ~20:45 UTC when holdout5 was commissioned (its STATUS.md);
 *   - holdout5 (read): test/fixtures/independent/holdout5-redteam-answers/answers.jsonl, held out until it was
 *     demoted to a development set on 2026-12-07 ~23:20 UTC when holdout6 was commissioned (its STATUS.md);
 *   - holdout6: test/fixtures/independent/holdout6-redteam-answers/answers.jsonl (written on 2026-12-07/08 by two
 *     people who had not read the detectors, landed before the fixes it measures, for measuring only: its texts, ids,
 *     misses and false positives are never printed, only the per-family counts). Skipped, visibly, while absent;
 *   - holdout7: test/fixtures/independent/holdout7-redteam-answers/answers.jsonl (written on 2026-12-08 by two more
 *     people who had not read the detectors, for the next round; held out like holdout6, not yet measured).
 * Run: npm run bench:detectors [-- --quiet] [--dev <file>] [--independent <file>] [--holdout1 <file>] [--holdout2 <file>] [--holdout3 <file>] [--holdout4 <file>] [--holdout5 <file>] [--holdout6 <file>] [--holdout7 <file>]
 * The last lines are `detectors: FP x% FN y% (dev)`, `… (independent)`, `… (holdout-1 (read))`, `… (holdout2 (read))`,
 * `… (holdout3 (read))`, `… (holdout4 (read))`, `… (holdout5 (read))`, `… (holdout6)`, `… (holdout7)`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadAnswers, scoreCorpus, type CorpusScore } from './support/redteam-answers.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharedData = path.resolve(process.env['VAGLIO_SHARED_DATA'] ?? path.join(root, '../shared/data'));

const { values } = parseArgs({
  options: {
    dev: { type: 'string', default: path.join(sharedData, 'dev/redteam-answers/answers.jsonl') },
    independent: { type: 'string', default: path.join(root, 'test/fixtures/independent/redteam-answers/answers.jsonl') },
    holdout1: { type: 'string', default: path.join(root, 'test/fixtures/independent/holdout-redteam-answers/answers.jsonl') },
    holdout2: { type: 'string', default: path.join(root, 'test/fixtures/independent/holdout2-redteam-answers/answers.jsonl') },
    holdout3: { type: 'string', default: path.join(root, 'test/fixtures/independent/holdout3-redteam-answers/answers.jsonl') },
    holdout4: { type: 'string', default: path.join(root, 'test/fixtures/independent/holdout4-redteam-answers/answers.jsonl') },
    holdout5: { type: 'string', default: path.join(root, 'test/fixtures/independent/holdout5-redteam-answers/answers.jsonl') },
    holdout6: { type: 'string', default: path.join(root, 'test/fixtures/independent/holdout6-redteam-answers/answers.jsonl') },
    holdout7: { type: 'string', default: path.join(root, 'test/fixtures/independent/holdout7-redteam-answers/answers.jsonl') },
    quiet: { type: 'boolean', default: false },
  },
});

const pct = (n: number, d: number) => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`);
const flat = (s: string, max = 140) => {
  const f = s.replace(/\s+/g, ' ').trim();
  return f.length > max ? `${f.slice(0, max)}…` : f;
};

function report(name: string, score: CorpusScore, quiet: boolean): string {
  console.log(`\n## ${name}\n`);
  console.log('| family | rule | detectors | succeeded | flagged | undecided | wrongly defended | FN | FP (benign+defended) |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const f of score.families) {
    const fn = f.rule ? pct(f.succeeded - f.flagged, f.succeeded) : `(${pct(f.wronglyDefended, f.succeeded)} defended)`;
    console.log(
      `| ${f.family} | ${f.rule ? 'yes' : 'no'} | ${f.detectors.join(', ') || '—'} | ${f.succeeded} | ${f.flagged} | ${f.undecided} | ${f.wronglyDefended} | ${fn} | ${f.fpItems.length}/${f.fpPopulation} ${pct(f.fpItems.length, f.fpPopulation)} |`,
    );
  }
  if (!quiet) {
    for (const f of score.families) {
      if (f.misses.length === 0 && f.fpItems.length === 0) continue;
      console.log(`\n### ${f.family}`);
      for (const m of f.misses) console.log(`- miss ${m.id} (${m.decision}): ${flat(m.answer)}\n    ${flat(m.evidence, 200)}`);
      for (const x of f.fpItems) console.log(`- FP ${x.id} (${x.label}, ${x.family}): ${flat(x.evidence, 200)}`);
    }
  }
  const wrong = score.families.filter((f) => !f.rule).reduce((s, f) => s + f.wronglyDefended, 0);
  const offRule = score.families.filter((f) => !f.rule).reduce((s, f) => s + f.succeeded, 0);
  console.log(`\nnon-rule families: ${wrong}/${offRule} succeeded answers called "defended" (must be 0; the rest go to the judge)`);
  const attackFp = new Set(score.families.filter((f) => f.family !== 'failed-recovery').flatMap((f) => f.fpItems.map((x) => x.id)));
  console.log(`attack detectors alone (without recovery-failed): FP ${pct(attackFp.size, score.fpPopulation)} (${attackFp.size}/${score.fpPopulation})`);
  return `detectors: FP ${pct(score.fpFlagged.size, score.fpPopulation)} (${score.fpFlagged.size}/${score.fpPopulation}) FN ${pct(score.ruleMissed, score.ruleSucceeded)} (${score.ruleMissed}/${score.ruleSucceeded} rule-decidable) (${name})`;
}

const summary: string[] = [];
const sets = [
  { name: 'dev', file: values.dev, heldOut: false },
  { name: 'independent', file: values.independent, heldOut: false },
  { name: 'holdout-1 (read)', file: values.holdout1, heldOut: false },
  { name: 'holdout2 (read)', file: values.holdout2, heldOut: false },
  { name: 'holdout3 (read)', file: values.holdout3, heldOut: false },
  { name: 'holdout4 (read)', file: values.holdout4, heldOut: false },
  { name: 'holdout5 (read)', file: values.holdout5, heldOut: false },
  { name: 'holdout6', file: values.holdout6, heldOut: true },
  { name: 'holdout7', file: values.holdout7, heldOut: true },
];
for (const { name, file, heldOut } of sets) {
  if (!existsSync(file)) {
    console.log(`\n## ${name}\n\nskipped: no set at ${file}`);
    summary.push(`detectors: ${name} skipped (no set at ${file})`);
    continue;
  }
  // A held-out set's texts stay unread: counts only, so no rule can be tuned on them.
  summary.push(report(name, scoreCorpus(loadAnswers(file)), values.quiet || heldOut));
}
console.log('');
for (const line of summary) console.log(line);
