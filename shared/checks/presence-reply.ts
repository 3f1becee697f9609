/**
 * How answer-presence reads a reply before judging it: folded (lowercase, accents and apostrophes normalised), a
 * JSON payload read for its text, the target's canned replies taken out, and cut into sentences: line by line (a
 * list item is a sentence of its own, a markdown title only names what follows, a fenced block is one piece of
 * output), then at sentence ends that are not abbreviations ("art. 4", "n. 6 posti").
 */

import { memoize } from './memo.ts';
import { foldAccents } from './text.ts';

export const fold = (s: string) =>
  foldAccents(s.toLocaleLowerCase('it'))
    .replace(/[’‘`´]/g, "'")
    .replace(/[\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
export const bare = (s: string) => s.replace(/[\p{P}\p{S}\s]/gu, '');
export const trimEnds = (s: string) => s.replace(/^[\p{P}\p{S}\s]+|[\p{P}\p{S}\s]+$/gu, '');

/** Where a sentence ends: after . ! ? ; but not after an abbreviation ("art. 4", "n. 6 posti", "cfr. il bando"). */
const SENTENCE_END = /(?<=[.!?;])(?<!\b(?:art|artt|n|nn|num|pag|pagg|cfr|ecc|es|lett|c|co|dott|sig|prof|tel|d\.lgs|dlgs|d\.p\.r|dpr|l|p|pp|vol|ca|e\.g|i\.e|nr|ref|rif|sec|par)\.)\s+/;

/** A markdown title ("## Prove d'esame", "### How results are published"). */
const TITLE = /^#{1,6}\s/;
/** A list item's marker: "- ", "* ", "• ", "1. ", "2) ". */
const ITEM = /^(?:[-*•+·]|\d{1,2}[.)])\s+/;

/**
 * The reply folded line by line, without the canned replies found in it. A canned reply written on one line is
 * also looked for across the reply's line breaks (then the reply is judged as one line, as it was before lines
 * were told apart).
 */
function withoutCannedLines(text: string, canned: string[]): { lines: string; rest: string; found: boolean } {
  // A fenced block is one piece of output (an error and its details), kept on one line. (Folded whole, its line
  // breaks kept: the same as folding each line, in one pass.)
  const lines = foldAccents(text.replace(/```[\s\S]*?```/g, (block) => block.replace(/\s+/g, ' ')).toLocaleLowerCase('it'))
    .replace(/[’‘`´]/g, "'")
    .replace(/[\p{Cf}]/gu, '')
    .replace(/[^\S\n]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
  if (canned.length === 0) return { lines, rest: lines, found: false };
  const forms = cannedForms(canned.join('\u0000'));
  const kept = withoutCanned(lines, forms);
  if (kept.found || !lines.includes('\n')) return { lines, ...kept };
  const flat = withoutCanned(lines.replace(/\n/g, ' '), forms);
  return { lines, ...(flat.found ? flat : kept) };
}

/**
 * A reply that is a JSON document (an API payload leaked as the answer): what it says is the text of its string
 * values, not its keys, nulls, numbers or flags (`{"status":"ok","answer":null}` says nothing), and an error field makes it an error. Undefined when the
 * reply is not one.
 */
export function payloadText(reply: string): string | undefined {
  const t = reply.trim();
  if (!/^[[{][\s\S]*[\]}]$/.test(t)) return undefined;
  let doc: unknown;
  try {
    doc = JSON.parse(t);
  } catch {
    return undefined;
  }
  const strings: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') strings.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object')
      for (const [key, value] of Object.entries(v)) {
        // An error field says what the payload is: `{"error": {"code": 504}}` is an error message.
        if (/^(?:error|errors|errore|errori|exception)$/i.test(key) && value !== null && value !== false && value !== '') strings.push('error');
        walk(value);
      }
  };
  walk(doc);
  return strings.join('\n');
}

/** Removes the canned replies found in the reply; says whether one was. */
function withoutCanned(folded: string, forms: readonly string[]): { rest: string; found: boolean } {
  let rest = folded;
  let found = false;
  for (const c of forms) {
    if (rest.includes(c)) {
      rest = rest.split(c).join(' . ');
      found = true;
    }
  }
  return { rest, found };
}
/** The canned replies folded as the reply is (the same list comes with every reply of a run). */
const cannedForms = memoize(
  (joined: string): string[] =>
    joined
      .split('\u0000')
      .map((x) => trimEnds(fold(x)))
      .filter((x) => bare(x) !== ''),
  (joined) => joined,
);

/** "Bando «title» (codice X), administration." — the quoted title, a bracket, and at most a few words more. */
function isBandoHeader(sentence: string): boolean {
  const m = /^(?:il\s+)?bando\s*«[^»]*»\s*(?:\([^)]*\))?(.*)$/.exec(sentence);
  return m !== null && (m[1] ?? '').split(/\s+/).filter(Boolean).length <= 12;
}

/** A sentence of the reply, and whether it is a list item. */
export interface ReplySentence {
  text: string;
  item: boolean;
}

/**
 * The reply's sentences, without the canned replies found in it (`found`: whether one was; `rest`: what is left,
 * folded). A header that only names the bando ("Bando «…» (codice X), Ente.") says nothing about what was asked
 * and is left out. (Quoted titles are emptied first: their "n. 40 posti" would cut the header in two.)
 */
export function sentencesOf(text: string, canned: string[]): { empty: boolean; rest: string; found: boolean; sentences: ReplySentence[] } {
  const { lines, rest, found } = withoutCannedLines(text, canned);
  // (A passage quoted on a line of its own, "> [1] art. 3 — «…»", is what the reply says: it is kept.)
  const sentences = rest
    .split('\n')
    .map((line) => (/^>/.test(line) ? line : line.replace(/«[^»]*»/g, '«»')))
    .filter((line) => !TITLE.test(line))
    .flatMap((line) => line.replace(ITEM, '').split(SENTENCE_END).map((x) => ({ text: x.trim(), item: ITEM.test(line) })))
    .filter((x) => x.text && !isBandoHeader(x.text));
  return { empty: bare(lines) === '', rest, found, sentences };
}
