/**
 * answer-presence benchmark: does the check tell an answer from a deflection? On labelled chatbot answers
 * (label `answer` or `no-answer`, a `kind` each), a false positive is an answer the check fails (it blames the
 * bot for a reply that did answer), a false negative a deflection it passes. Per kind, the errors are listed.
 *   - independent: test/fixtures/independent/answer-presence/answers.jsonl (frozen, written by someone who had
 *     not read the check; never tuned on);
 *   - demo: bench/fixtures/answer-presence/demo-bot.jsonl (the demo bot's own replies, labelled by us).
 * A set's `context.cannedReplies` are given to the check as the target's canned replies.
 * Run: npm run bench:answer-presence [-- --quiet] [--independent <file>] [--demo <file>]
 * The last line is `answer-presence: FP x% FN y% (independent)`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { checkSpecSchema, runCheck } from '../shared/checks/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    independent: { type: 'string', default: path.join(root, 'test/fixtures/independent/answer-presence/answers.jsonl') },
    demo: { type: 'string', default: path.join(root, 'bench/fixtures/answer-presence/demo-bot.jsonl') },
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

/** The check as a target file configures it: the bot's canned replies, when the set gives them. */
function specFor(it: Item) {
  const canned = it.context.cannedReplies ?? [];
  // Older versions of the check only knew `fallbackMessages`; the option a target sets is `cannedReplies`.
  const shape = 'cannedReplies' in (checkSpecSchema.parse({ type: 'answer-presence' }) as object) ? { cannedReplies: canned } : { fallbackMessages: canned };
  return checkSpecSchema.parse({ type: 'answer-presence', ...shape });
}

async function score(name: string, items: Item[], quiet: boolean): Promise<{ fp: number; answers: number; fn: number; deflections: number }> {
  const byKind = new Map<string, { label: string; n: number; wrong: { id: string; answer: string; reason: string }[] }>();
  let fp = 0;
  let fn = 0;
  for (const it of items) {
    const r = await runCheck(specFor(it), {
      transcript: { turns: [{ index: 0, user: it.question, assistant: it.answer, toolCalls: [], latencyMs: 1 }] },
      vars: {},
    });
    const saysAnswer = r.outcome === 'pass';
    const wrong = saysAnswer !== (it.label === 'answer');
    if (wrong && it.label === 'answer') fp++;
    if (wrong && it.label === 'no-answer') fn++;
    const k = byKind.get(it.kind) ?? { label: it.label, n: 0, wrong: [] };
    k.n++;
    if (wrong) k.wrong.push({ id: it.id, answer: it.answer, reason: r.reason });
    byKind.set(it.kind, k);
  }
  const answers = items.filter((i) => i.label === 'answer').length;
  const deflections = items.length - answers;
  console.log(`\n## ${name} (${items.length} answers: ${answers} answer, ${deflections} no-answer)\n`);
  console.log('| kind | label | items | wrong |');
  console.log('|---|---|---|---|');
  for (const [kind, k] of [...byKind].sort((a, b) => a[1].label.localeCompare(b[1].label) || a[0].localeCompare(b[0]))) {
    console.log(`| ${kind} | ${k.label} | ${k.n} | ${k.wrong.length} |`);
  }
  if (!quiet) {
    for (const [kind, k] of byKind) {
      for (const w of k.wrong) console.log(`  ${k.label === 'answer' ? 'FP' : 'FN'} ${kind} ${w.id}: ${JSON.stringify(w.answer.slice(0, 120))} (${w.reason.slice(0, 80)})`);
    }
  }
  return { fp, answers, fn, deflections };
}

const pct = (n: number, d: number) => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`);
const lines: string[] = [];
for (const [name, file] of [['demo', values.demo], ['independent', values.independent]] as const) {
  if (!existsSync(file)) {
    console.log(`\n(${name}: ${file} not found, skipped)`);
    continue;
  }
  const s = await score(name, load(file), values.quiet);
  lines.push(`answer-presence: FP ${pct(s.fp, s.answers)} FN ${pct(s.fn, s.deflections)} (${name}; ${s.fp}/${s.answers} answers failed, ${s.fn}/${s.deflections} deflections passed)`);
}
console.log('');
for (const l of lines) console.log(l);
