/**
 * Steps 1–2 of the pipeline: find the articles of the bando ("Art. N" headings and their titles) and tag the
 * topics they carry; then cut "islands" of text around the anchors the extractors need, with enough context
 * around them to read roles (requirements vs preference titles, work place vs exam venue).
 */
import type { Article, ArticleTopic, Island } from './types.ts';
import { foldKeepLength } from './normalize.ts';

const TOPIC_CUES: Record<ArticleTopic, RegExp> = {
  requirements: /requisit|titol[oi] di studio|ammission/,
  preferences: /preferenz|valutazione dei titoli|titoli valutabili|punteggio dei titoli/,
  location: /sede di (?:lavoro|servizio)|assegnazione|destinazione/,
  exam: /prov[ae]|diario|esam[ei]|sede d'esame/,
  deadline: /domand[ae]|termine|scadenza|presentazione/,
  posts: /\bposti\b|posto|riserv/,
  profile: /profilo|mansion|inquadramento|figura professionale/,
};

const HEADING = /^[ \t#*]*Art(?:icolo|\.)?[ \t]*(\d+(?:[ \t]*-?(?:bis|ter))?)\.?[ \t]*(?:[-–:.][ \t]*)?([^\n]*)$/gim;

/** Articles in order; text before the first heading (title, preamble) is article "0" with no number. */
export function locateArticles(text: string): Article[] {
  const heads: { index: number; number: string; title: string; bodyStart: number }[] = [];
  for (const m of text.matchAll(HEADING)) {
    let title = (m[2] ?? '').trim();
    const after = m.index + m[0].length;
    let bodyStart = after;
    // The title is usually on the line after "Art. 3".
    if (!title) {
      const next = /^\n([^\n]{1,120})/.exec(text.slice(after));
      if (next?.[1]) {
        title = next[1].trim();
        bodyStart = after + next[0].length;
      }
    }
    heads.push({ index: m.index, number: (m[1] ?? '').replace(/\s+/g, ' '), title, bodyStart });
  }
  const articles: Article[] = [];
  const firstStart = heads[0]?.index ?? text.length;
  if (firstStart > 0) {
    const firstLine = text.slice(0, firstStart).split('\n')[0] ?? '';
    articles.push({ title: firstLine.trim().slice(0, 200), start: 0, end: firstStart, topics: [] });
  }
  heads.forEach((h, i) => {
    articles.push({ number: h.number, title: h.title, start: h.index, end: heads[i + 1]?.index ?? text.length, topics: [] });
  });
  for (const a of articles) a.topics = topicsOf(a.title, text.slice(a.start, a.end));
  return articles;
}

/** Topics come from the title when it says something, else from the first lines of the body. */
function topicsOf(title: string, body: string): ArticleTopic[] {
  const t = foldKeepLength(title);
  const fromTitle = (Object.keys(TOPIC_CUES) as ArticleTopic[]).filter((k) => TOPIC_CUES[k].test(t));
  if (fromTitle.length) return fromTitle;
  const b = foldKeepLength(body.slice(0, 400));
  return (Object.keys(TOPIC_CUES) as ArticleTopic[]).filter((k) => TOPIC_CUES[k].test(b));
}

export function articleAt(articles: Article[], pos: number): Article | undefined {
  return articles.find((a) => pos >= a.start && pos < a.end) ?? articles[articles.length - 1];
}

/** Anything an extractor looks for; an island is cut around each hit. */
const ANCHORS =
  /\b(?:LMG|LMR|LM|L)\s*[-/]\s*\w+|\b(?:LM|L)\s\d{1,2}\b|\d{1,3}\s*\/\s*S\b|class[ei]|laurea|lauree|diploma|dottorato|qualifica|\bposti?\b|entro|scadenza|termine|sede|presso|prova|prove|comune di|provincia|regione|regioni|residenti|localita|concorso|selezione|mobilita|avviso|progressione|riservat|\b[a-z]+\s\([a-z]{2}\)|\|[^|\n]+\|/gi;

/**
 * Windows of ±`radius` characters around every anchor, widened to line boundaries and merged when they
 * touch, so an island is a readable passage rather than a fragment.
 */
export function cutIslands(text: string, radius = 300): Island[] {
  const folded = foldKeepLength(text);
  const raw: Island[] = [];
  for (const m of folded.matchAll(ANCHORS)) {
    let start = Math.max(0, m.index - radius);
    let end = Math.min(text.length, m.index + m[0].length + radius);
    const nlBefore = text.lastIndexOf('\n', start);
    if (nlBefore >= 0 && start - nlBefore < 120) start = nlBefore + 1;
    else if (nlBefore < 0 && start < 120) start = 0;
    const nlAfter = text.indexOf('\n', end);
    if (nlAfter >= 0 && nlAfter - end < 120) end = nlAfter;
    else if (nlAfter < 0 && text.length - end < 120) end = text.length;
    raw.push({ start, end });
  }
  raw.sort((a, b) => a.start - b.start);
  const merged: Island[] = [];
  for (const r of raw) {
    const last = merged[merged.length - 1];
    if (last && r.start <= last.end + 1) last.end = Math.max(last.end, r.end);
    else merged.push({ ...r });
  }
  return merged;
}

/** Run a global regex over the islands only, yielding matches with offsets into the full text. */
export function* matchInIslands(text: string, islands: Island[], re: RegExp, haystack = text): Generator<RegExpExecArray> {
  if (!re.global) throw new Error('matchInIslands needs a global regex');
  for (const island of islands) {
    const part = haystack.slice(island.start, island.end);
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(part)) !== null) {
      if (m[0] === '') {
        re.lastIndex++;
        continue;
      }
      m.index += island.start;
      yield m;
    }
  }
}
