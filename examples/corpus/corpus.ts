/**
 * Loader for the demo corpus beside this file: fictitious bandi (text + metadata), the hand-checked labels,
 * the seeded metadata errors and the portal FAQ. Every file is parsed with zod, so a bad edit to the corpus
 * fails at load time with the file name.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { PROCEDURES, isoDate, tenderMetadataSchema, type TenderMetadata } from '../../shared/tender/metadata.ts';

export const CORPUS_DIR = fileURLToPath(new URL('.', import.meta.url));

/** The demo's fixed "today": deadlines before it are expired, the rest are open. */
export const DEMO_TODAY = '2026-12-01';

/** Files in the corpus folder that are not bandi. */
const NOT_BANDI = new Set(['labels.json', 'seeded-errors.json', 'faq.json']);

export interface DemoTender {
  id: string;
  /** The bando's text (markdown: `# title`, preamble, `## Art. N - ...` articles). */
  text: string;
  metadata: TenderMetadata;
}

export const tenderLabelSchema = z.object({
  requiredDegrees: z.array(z.string().min(1)),
  preferenceDegrees: z.array(z.string().min(1)),
  /** Comuni, as ISTAT names. */
  workLocations: z.array(z.string().min(1)),
  regions: z.array(z.string().min(1)),
  /** Comuni where the exams take place, or "da remoto"; empty when the text leaves the venue to a later notice. */
  examVenues: z.array(z.string().min(1)),
  deadline: isoDate,
  posts: z.number().int().positive(),
  reservedPosts: z.number().int().nonnegative(),
  procedure: z.enum(PROCEDURES),
});
export type TenderLabel = z.infer<typeof tenderLabelSchema>;
export const labelsSchema = z.record(z.string(), tenderLabelSchema);

/** The metadata field a seeded error corrupts; `workLocations.regione` is the region of the first location. */
export const SEEDED_FIELDS = ['requiredDegrees', 'deadline', 'posts', 'workLocations', 'workLocations.regione'] as const;
export const seededErrorSchema = z.object({
  id: z.string().min(1),
  field: z.enum(SEEDED_FIELDS),
  metadataValue: z.unknown(),
  truth: z.unknown(),
  description: z.string().min(1),
});
export type SeededError = z.infer<typeof seededErrorSchema>;

export const faqEntrySchema = z.object({ id: z.string().min(1), question: z.string().min(1), answer: z.string().min(1) });
export type FaqEntry = z.infer<typeof faqEntrySchema>;

function readJson(dir: string, name: string): unknown {
  try {
    return JSON.parse(readFileSync(join(dir, name), 'utf8'));
  } catch (err) {
    throw new Error(`${join(dir, name)}: ${(err as Error).message}`);
  }
}

function parseFile<T>(schema: z.ZodType<T>, dir: string, name: string): T {
  const result = schema.safeParse(readJson(dir, name));
  if (!result.success) throw new Error(`${join(dir, name)}: ${z.prettifyError(result.error)}`);
  return result.data;
}

/** Every bando in the folder, sorted by id; throws if a .md has no .json or the reverse, or an id differs from its file name. */
export function loadDemoCorpus(dir: string = CORPUS_DIR): DemoTender[] {
  const files = readdirSync(dir);
  const stems = (ext: string) =>
    files.filter((f) => f.endsWith(ext) && !NOT_BANDI.has(f) && f !== 'README.md' && f !== 'SEEDED_ERRORS.md').map((f) => f.slice(0, -ext.length));
  const md = new Set(stems('.md'));
  const json = new Set(stems('.json'));
  for (const id of md) if (!json.has(id)) throw new Error(`${id}.md has no ${id}.json`);
  for (const id of json) if (!md.has(id)) throw new Error(`${id}.json has no ${id}.md`);
  return [...md].sort().map((id) => {
    const metadata = parseFile(tenderMetadataSchema, dir, `${id}.json`);
    if (metadata.id !== id) throw new Error(`${id}.json: id "${metadata.id}" differs from the file name`);
    return { id, text: readFileSync(join(dir, `${id}.md`), 'utf8'), metadata };
  });
}

export function loadLabels(dir: string = CORPUS_DIR): Record<string, TenderLabel> {
  return parseFile(labelsSchema, dir, 'labels.json');
}

export function loadSeededErrors(dir: string = CORPUS_DIR): SeededError[] {
  return parseFile(z.array(seededErrorSchema), dir, 'seeded-errors.json');
}

export function loadFaq(dir: string = CORPUS_DIR): FaqEntry[] {
  return parseFile(z.array(faqEntrySchema), dir, 'faq.json');
}

/** True when the tender's deadline is before `today` (YYYY-MM-DD): the last day itself is still open. */
export function isExpired(metadata: Pick<TenderMetadata, 'deadline'>, today: string = DEMO_TODAY): boolean {
  return metadata.deadline < today;
}
