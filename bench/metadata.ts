/**
 * Metadata verifier benchmark: scores the DISCREPANCY LIST a user sees, against labels written independently of
 * vaglio (issue 20). For each labelled bando the verifier runs twice, deterministic stage only (no model):
 *   - on the metadata with seeded errors (`meta.json`): a labelled discrepancy is found when reported with the
 *     right field, kind and corrected value; any other report is a false positive;
 *   - on the correct metadata (`gold.json` → correct): every report is a false positive.
 * Precision counts the false positives of both runs. Figures per field, per trap kind, and the share of checked
 * fields sent to review. Sets: ../shared/data/dev/bandi (dev; VAGLIO_SHARED_DATA overrides ../shared/data) and
 * the frozen independent set test/fixtures/independent/metadata/ when present. Its last two lines:
 *   metadata discrepancies: precision P recall R (dev)
 *   metadata discrepancies: precision P recall R (independent)
 * Run: npm run bench:metadata [-- --verbose]   (--verbose lists the dev misses and false positives)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { verifyTender } from '../shared/metadata/verify.ts';
import type { AmbiguousItem, Discrepancy } from '../shared/metadata/types.ts';
import type { VerifiableMetadata } from '../shared/metadata/input.ts';
import { LABEL_FIELDS, loadLabelledSet, toTenderMetadata, type LabelledBando } from './support/metadata-labels.ts';
import { labelField, scoreBando } from './support/metadata-score.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = path.resolve(process.env['VAGLIO_SHARED_DATA'] ?? path.join(root, '../shared/data'));
const verbose = process.argv.includes('--verbose');

interface Outcome {
  verdict: 'ok' | 'ko';
  discrepancies: Discrepancy[];
  ambiguous: AmbiguousItem[];
}
/** Deterministic stage only: no resolver, no extractor model. */
const verify = (text: string, meta: VerifiableMetadata): Promise<Outcome> => verifyTender(text, meta);

interface Row {
  labelled: number;
  found: number;
  review: number;
  missed: number;
  fpMeta: number;
  fpCorrect: number;
}
const row = (): Row => ({ labelled: 0, found: 0, review: 0, missed: 0, fpMeta: 0, fpCorrect: 0 });
const ratio = (n: number, d: number) => (d === 0 ? 'n/a' : (n / d).toFixed(3));
const show = (d: Discrepancy) => `${d.field} ${d.type} text=${d.textValue ?? '-'} meta=${d.metadataValue ?? '-'}`;

async function run(name: string, set: LabelledBando[], details: boolean): Promise<string> {
  const byField = new Map<string, Row>(LABEL_FIELDS.map((f) => [f, row()]));
  const byTrap = new Map<string, Row>();
  const get = <K>(m: Map<K, Row>, k: K) => m.get(k) ?? (m.set(k, row()), m.get(k) as Row);
  const lines: string[] = [];
  let reviewMeta = 0;
  let reviewCorrect = 0;
  let reviewItems = 0;
  let koCorrect = 0;
  let koClean = 0;
  const started = performance.now();
  for (const b of set) {
    const seeded = await verify(b.text, toTenderMetadata(b.meta));
    const s = scoreBando(seeded.discrepancies, seeded.ambiguous, b.discrepancies);
    const clean = await verify(b.text, toTenderMetadata(b.correct));
    for (const [list, key] of [[s.found, 'found'], [s.inReview, 'review'], [s.missed, 'missed']] as const) {
      for (const l of list) {
        get(byField, l.field)[key]++;
        get(byField, l.field).labelled++;
        get(byTrap, l.trap)[key]++;
        get(byTrap, l.trap).labelled++;
        if (key !== 'found') lines.push(`${b.id} ${key === 'missed' ? 'MISSED' : 'REVIEW'} [${l.trap}] ${l.field} ${l.kind} meta=${JSON.stringify(l.meta_value)} correct=${JSON.stringify(l.correct_value)}`);
      }
    }
    for (const d of s.falsePositives) {
      get(byField, labelField(d.field)).fpMeta++;
      lines.push(`${b.id} FP(seeded meta) ${show(d)}`);
    }
    for (const d of clean.discrepancies) {
      get(byField, labelField(d.field)).fpCorrect++;
      lines.push(`${b.id} FP(correct meta) ${show(d)}`);
    }
    reviewMeta += s.reviewFields.size;
    reviewCorrect += new Set(clean.ambiguous.map((a) => labelField(a.field))).size;
    reviewItems += seeded.ambiguous.length;
    if (clean.verdict === 'ko') koCorrect++;
    if (!b.discrepancies.length && seeded.verdict === 'ko') koClean++;
  }
  const ms = (performance.now() - started) / Math.max(1, set.length * 2);
  const total = [...byField.values()].reduce((a, r) => ({ labelled: a.labelled + r.labelled, found: a.found + r.found, review: a.review + r.review, missed: a.missed + r.missed, fpMeta: a.fpMeta + r.fpMeta, fpCorrect: a.fpCorrect + r.fpCorrect }), row());
  const cleanCount = set.filter((b) => !b.discrepancies.length).length;
  console.log(`\n## ${name}: ${set.length} bandi, ${total.labelled} labelled discrepancies, ${cleanCount} clean bandi`);
  console.log('\n| field | labelled | found | in review | missed | FP (seeded meta) | FP (correct meta) |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [f, r] of byField) console.log(`| ${f} | ${r.labelled} | ${r.found} | ${r.review} | ${r.missed} | ${r.fpMeta} | ${r.fpCorrect} |`);
  console.log(`| **all** | ${total.labelled} | ${total.found} | ${total.review} | ${total.missed} | ${total.fpMeta} | ${total.fpCorrect} |`);
  console.log('\n| trap | labelled | found | in review | missed |');
  console.log('|---|---|---|---|---|');
  for (const [t, r] of [...byTrap].sort((a, b) => a[0].localeCompare(b[0]))) console.log(`| ${t} | ${r.labelled} | ${r.found} | ${r.review} | ${r.missed} |`);
  const checked = set.length * LABEL_FIELDS.length;
  console.log(`\nsent to review (fields with a review item / fields checked): seeded meta ${reviewMeta}/${checked} = ${ratio(reviewMeta, checked)}; correct meta ${reviewCorrect}/${checked} = ${ratio(reviewCorrect, checked)}; ${reviewItems} review items on the seeded meta`);
  console.log(`correct metadata: ${total.fpCorrect} false discrepancies, ${koCorrect}/${set.length} bandi ko; clean bandi ko on their (correct) meta: ${koClean}/${cleanCount}`);
  console.log(`verification time: ${ms.toFixed(1)} ms per bando`);
  if (details && lines.length) console.log(`\n${lines.join('\n')}`);
  const reported = total.found + total.fpMeta + total.fpCorrect;
  return `metadata discrepancies: precision ${ratio(total.found, reported)} recall ${ratio(total.found, total.labelled)} (${name})`;
}

const dev = loadLabelledSet(path.join(shared, 'dev/bandi'));
const independent = loadLabelledSet(path.join(root, 'test/fixtures/independent/metadata'));
const summary: string[] = [];
if (dev.length) summary.push(await run('dev', dev, verbose));
else summary.push(`metadata discrepancies: no dev set at ${path.join(shared, 'dev/bandi')} (dev)`);
if (independent.length) summary.push(await run('independent', independent, false));
else summary.push('metadata discrepancies: no independent set yet at test/fixtures/independent/metadata (independent)');
console.log(`\n${summary.join('\n')}`);
