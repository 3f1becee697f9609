/** Escaping for every output format. Transcripts and tender texts are attacker-controlled: nothing goes out raw. */

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const HTML_SPECIAL = /[&<>"']/;

export function esc(v: unknown): string {
  const s = String(v ?? '');
  // Most cells hold nothing to escape: test once instead of running the replacement callback machinery.
  return HTML_SPECIAL.test(s) ? s.replace(/[&<>"']/g, (c) => HTML[c] ?? c) : s;
}

/** XML 1.0 forbids most control characters even when escaped: drop them, then escape as for HTML. */
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const XML_FORBIDDEN_ALL = new RegExp(XML_FORBIDDEN.source, 'g');

export function xmlEsc(v: unknown): string {
  const s = String(v ?? '');
  return esc(XML_FORBIDDEN.test(s) ? s.replace(XML_FORBIDDEN_ALL, '') : s);
}

/**
 * One CSV cell (RFC 4180). Cells starting with = + - @ are prefixed with ' so spreadsheets do not run them
 * as formulas (CSV injection from a chatbot's answer).
 */
export function csvCell(v: unknown): string {
  let s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export interface Span {
  start: number;
  end: number;
}

/**
 * `text` as escaped HTML with each span wrapped in <mark>. Offsets are clipped to the text; overlapping spans
 * are merged so marks never nest. `offset` (where `text` starts in the full text) goes into data-start/-end.
 */
export function highlight(text: string, spans: Span[], offset = 0): string {
  const sorted = spans
    .map((s) => ({ start: Math.max(0, Math.min(s.start, text.length)), end: Math.max(0, Math.min(s.end, text.length)) }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const s of sorted) {
    const last = merged[merged.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  let out = '';
  let at = 0;
  for (const s of merged) {
    out += `${esc(text.slice(at, s.start))}<mark data-start="${offset + s.start}" data-end="${offset + s.end}">${esc(text.slice(s.start, s.end))}</mark>`;
    at = s.end;
  }
  return out + esc(text.slice(at));
}

/** A window of `text` around the spans (for long bandi), with the offset it starts at. */
export function excerpt(text: string, spans: Span[], context = 160): { offset: number; text: string; spans: Span[] } {
  if (!spans.length) return { offset: 0, text: text.slice(0, context * 2), spans: [] };
  const from = Math.max(0, Math.min(...spans.map((s) => s.start)) - context);
  const to = Math.min(text.length, Math.max(...spans.map((s) => s.end)) + context);
  return { offset: from, text: text.slice(from, to), spans: spans.map((s) => ({ start: s.start - from, end: s.end - from })) };
}

export const pct = (r: number | null | undefined): string => (r === null || r === undefined ? '–' : `${(r * 100).toFixed(1)}%`);
