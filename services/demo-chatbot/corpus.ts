/**
 * Reads a demo corpus directory: for each bando `<id>.md` (a `# title` line, then `## Art. N - Heading`
 * sections) and `<id>.json` (TenderMetadata), plus an optional `faq.json` (`[{ id, question, answer }]`).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { tenderMetadataSchema, type TenderMetadata } from '../../shared/tender/metadata.ts';

export interface Article {
  number: number;
  heading: string;
  text: string;
}

export interface CorpusTender {
  metadata: TenderMetadata;
  title: string;
  /** The whole markdown text, as published. */
  text: string;
  articles: Article[];
}

export const faqEntrySchema = z.object({ id: z.string().min(1), question: z.string().min(1), answer: z.string().min(1) });
export type FaqEntry = z.infer<typeof faqEntrySchema>;

export interface Corpus {
  tenders: CorpusTender[];
  faq: FaqEntry[];
}

const ARTICLE_RE = /^##\s+Art(?:icolo|\.)?\s*(\d+)\s*(?:[-–—:.]\s*(.*))?$/i;

/** Split a bando's markdown into its title and articles (text before the first article is dropped). */
export function parseTenderMarkdown(md: string): { title: string; articles: Article[] } {
  let title = '';
  const articles: Article[] = [];
  let current: Article | undefined;
  for (const line of md.split(/\r?\n/)) {
    const h1 = /^#\s+(.+)$/.exec(line);
    const art = ARTICLE_RE.exec(line);
    if (h1 && !title) title = (h1[1] ?? '').trim();
    else if (art) {
      current = { number: Number(art[1]), heading: (art[2] ?? '').trim(), text: '' };
      articles.push(current);
    } else if (current) current.text += `${line}\n`;
  }
  for (const a of articles) a.text = a.text.trim();
  return { title, articles };
}

export async function readCorpus(dir: string): Promise<Corpus> {
  const files = await readdir(dir);
  const tenders: CorpusTender[] = [];
  // Documentation beside the bandi (README.md, SEEDED_ERRORS.md: upper-case names) is not a bando.
  for (const file of files.filter((f) => f.endsWith('.md') && !/^[A-Z_]+\.md$/.test(f)).sort()) {
    const id = file.slice(0, -3);
    const jsonFile = path.join(dir, `${id}.json`);
    if (!files.includes(`${id}.json`)) throw new Error(`${path.join(dir, file)}: no metadata file ${id}.json beside it`);
    const parsed = tenderMetadataSchema.safeParse(JSON.parse(await readFile(jsonFile, 'utf8')));
    if (!parsed.success) throw new Error(`${jsonFile}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    const text = await readFile(path.join(dir, file), 'utf8');
    const { title, articles } = parseTenderMarkdown(text);
    tenders.push({ metadata: parsed.data, title: title || parsed.data.title, text, articles });
  }
  const faq = files.includes('faq.json')
    ? z.array(faqEntrySchema).parse(JSON.parse(await readFile(path.join(dir, 'faq.json'), 'utf8')))
    : [];
  return { tenders, faq };
}
