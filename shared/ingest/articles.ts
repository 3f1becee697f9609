/**
 * Splits a bando into articles by its headings: "Art. 1", "Articolo 1", "ART. 1 -", "Art. 3-bis", Markdown
 * "## Art. 1 - Title". The title is what follows the number, or the next short line when the heading is
 * the number alone (the Gazzetta Ufficiale prints "Art. 3\nRequisiti di ammissione").
 */
import type { TenderArticle } from './types.ts';

// Capital "Art." only: in-text references are written "art. 38 del D.Lgs. ...".
const HEADING =
  /^[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*)?[ \t]*(?:Art\.|ART\.|Articolo|ARTICOLO)[ \t]*(\d{1,3})(?:[ \t]*[-–]?[ \t]*(bis|ter|quater)\b)?[ \t]*\.?(?:\*\*)?[ \t]*(?:[-–—:.][ \t]*)?(.*)$/gm;

const MAX_HEADING_CHARS = 160;

export function splitArticles(text: string): TenderArticle[] {
  const heads: { index: number; number: string; title: string; bodyStart: number }[] = [];
  for (const m of text.matchAll(HEADING)) {
    const line = m[0];
    if (line.trim().length > MAX_HEADING_CHARS) continue;
    const number = m[2] ? `${m[1]} ${m[2].toLowerCase()}` : (m[1] ?? '');
    let title = (m[3] ?? '').replace(/\*\*/g, '').trim();
    let bodyStart = (m.index ?? 0) + line.length;
    if (!title) {
      const next = /^\n[ \t]*([^\n]{1,120})(?=\n|$)/.exec(text.slice(bodyStart));
      const candidate = next?.[1]?.trim();
      if (next && candidate && !/[;:,]$/.test(candidate) && !/^\d/.test(candidate)) {
        title = candidate;
        bodyStart += next[0].length;
      }
    }
    // A repeated number is a cross-reference set on its own line, not a new article.
    if (heads.some((h) => h.number === number)) continue;
    heads.push({ index: m.index ?? 0, number, title, bodyStart });
  }
  const articles: TenderArticle[] = [];
  const first = heads[0]?.index ?? text.length;
  const preamble = text.slice(0, first).trim();
  if (preamble) articles.push({ number: null, title: firstLine(preamble), text: preamble, start: 0, end: first });
  heads.forEach((h, i) => {
    const end = heads[i + 1]?.index ?? text.length;
    articles.push({ number: h.number, title: h.title, text: text.slice(h.bodyStart, end).trim(), start: h.index, end });
  });
  return articles;
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').replace(/^#+\s*/, '').replace(/\*\*/g, '').trim().slice(0, 200);
}
