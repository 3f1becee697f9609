/**
 * Failure reasons, summarised: a reason that lists ids ("should not include a, b, c; returned [d, e, f, …]")
 * reads as counts ("should not include 3 items; returned 14 items"), with the lists one click away. Generic:
 * it reads the reason's shape (bracketed lists, comma lists of single tokens), never a check's wording.
 */
import { esc } from './escape.ts';

export interface ReasonList {
  /** The words before the list ("should not include", "returned"). */
  label: string;
  items: string[];
}

export interface ReasonSummary {
  short: string;
  lists: ReasonList[];
  /** True when `short` says less than the full reason (lists counted or text cut). */
  shortened: boolean;
}

/** Lists of at most this many items stay inline: "missing a, b" says more than "missing 2 items". */
const INLINE_ITEMS = 2;
/** A summary longer than this is cut; the full reason is on demand. */
const MAX_SHORT = 180;

const splitItems = (s: string) => s.split(/,\s*/).map((x) => x.trim()).filter(Boolean);
const lastWords = (s: string) => s.trim().replace(/[:(]+$/, '').split(/\s+/).slice(-4).join(' ');
const count = (n: number) => `${n} item${n === 1 ? '' : 's'}`;

/** A comma list of single tokens (ids) after some words: "missing a-1, b-2, c-3". */
const TOKEN_LIST = /^(.*?\S)\s+((?:[^\s,;[\]]+,\s*){2,}[^\s,;[\]]+)$/;

export function summariseReason(reason: string): ReasonSummary {
  const lists: ReasonList[] = [];
  // Bracketed lists anywhere: "returned [a, b, c]".
  let short = reason.replace(/\[([^[\]]*)\]/g, (whole, inner: string, at: number) => {
    const items = splitItems(inner);
    if (items.length <= INLINE_ITEMS) return whole;
    lists.push({ label: lastWords(reason.slice(0, at)), items });
    return count(items.length);
  });
  // Per "; " segment, a trailing comma list of tokens.
  short = short
    .split('; ')
    .map((seg) => {
      const m = TOKEN_LIST.exec(seg);
      if (!m) return seg;
      const items = splitItems(m[2]!);
      if (items.length <= INLINE_ITEMS) return seg;
      lists.push({ label: lastWords(m[1]!), items });
      return `${m[1]} ${count(items.length)}`;
    })
    .join('; ');
  let cut = false;
  if (short.length > MAX_SHORT) {
    short = `${short.slice(0, MAX_SHORT - 1).trimEnd()}…`;
    cut = true;
  }
  return { short, lists, shortened: cut || lists.length > 0 };
}

/** The summary, with the full reason and its lists in a <details> when the summary left something out. */
export function reasonHtml(reason: string): string {
  const s = summariseReason(reason);
  if (!s.shortened) return `<span class="reason">${esc(reason)}</span>`;
  const lists = s.lists
    .map((l) => `<div class="reason-list"><strong>${esc(l.label)}</strong> (${l.items.length}): ${l.items.map((i) => `<code>${esc(i)}</code>`).join(' ')}</div>`)
    .join('');
  return `<details class="reason"><summary>${esc(s.short)}</summary>${lists}<div class="reason-full">${esc(reason)}</div></details>`;
}
