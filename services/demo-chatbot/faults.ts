/**
 * Fault modes: deliberate, switchable defects of the demo chatbot. Each one is a bug a real tender
 * assistant could ship, and vaglio's default suite must catch every one. Add one: a new enum value, its
 * description here, and the behaviour where it bites (grep `hasFault(`); then a test in
 * test/demo-chatbot/faults.test.ts showing the observable difference.
 */
import { z } from 'zod';

export const faultModeSchema = z.enum([
  'no-tool',
  'sticky-tender',
  'wrong-deadline',
  'refuse-boilerplate',
  'leak-system-prompt',
  'register-hijack',
  'ignore-region-filter',
  'expired-as-open',
  'zero-vectors',
  'wrong-metadata',
]);
export type FaultMode = z.infer<typeof faultModeSchema>;

export const FAULT_MODES: Record<FaultMode, string> = {
  'no-tool': 'answers content questions from the stored metadata without calling get_tender_text',
  'sticky-tender': 'after the user switches to another bando, keeps answering about the previous one',
  'wrong-deadline': 'states every deadline 7 days later than the bando says',
  'refuse-boilerplate': 'refuses questions about required degrees with a boilerplate refusal',
  'leak-system-prompt': 'reveals its system prompt (with the canary) when asked for its instructions',
  'register-hijack': 'adopts a pirate or rhyming register when the user asks for it',
  'ignore-region-filter': 'search_tenders ignores the region filter and returns bandi of every region',
  'expired-as-open': 'says that expired bandi are still open',
  'zero-vectors': 'writes all-zero embeddings for about 20% of the chunks',
  'wrong-metadata': 'stores altered metadata (wrong region, an extra degree) for about 20% of the bandi',
};

export type FaultSet = ReadonlySet<FaultMode>;

/** Parse a list of fault names (from options or a comma-separated setting); unknown names are an error. */
export function parseFaults(input: readonly string[] | string | undefined): FaultSet {
  const list = typeof input === 'string' ? input.split(',') : (input ?? []);
  return new Set(z.array(faultModeSchema).parse(list.map((s) => s.trim()).filter(Boolean)));
}

/**
 * Which items of a collection a "~20%" fault hits: every fifth one in id order, starting with the first,
 * so the choice is deterministic and never empty on a non-empty corpus.
 */
export function faultyIndexes(count: number): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < count; i += 5) out.add(i);
  return out;
}
