/** The demo corpus is what a fresh clone evaluates: every bando must be well-formed and its labels exact. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CORPUS_DIR,
  DEMO_TODAY,
  isExpired,
  loadDemoCorpus,
  loadFaq,
  loadLabels,
  loadSeededErrors,
  type DemoTender,
  type SeededError,
  type TenderLabel,
} from '../../examples/corpus/corpus.ts';
import type { TenderMetadata } from '../../shared/tender/metadata.ts';

const corpus = loadDemoCorpus();
const labels = loadLabels();
const seeded = loadSeededErrors();
const seededById = new Map(seeded.map((s) => [s.id, s]));

/** Fixed-date national holidays (Easter Monday never falls in the corpus' deadline window). */
const HOLIDAYS = new Set(['01-01', '01-06', '04-25', '05-01', '06-02', '08-15', '11-01', '12-08', '12-25', '12-26']);

function thirtiethDayAfter(gazzettaDate: string): string {
  const d = new Date(`${gazzettaDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 30);
  while (d.getUTCDay() === 0 || HOLIDAYS.has(d.toISOString().slice(5, 10))) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The `## Art. N - Title` headings of a bando, in order. */
function articles(text: string): { n: number; title: string; body: string }[] {
  const parts = text.split(/^## Art\. (\d+) - (.+)$/m);
  const out: { n: number; title: string; body: string }[] = [];
  for (let i = 1; i + 2 < parts.length + 1; i += 3) {
    out.push({ n: Number(parts[i]), title: parts[i + 1] ?? '', body: parts[i + 2] ?? '' });
  }
  return out;
}

/** The comparable view of a metadata file, in the labels' terms. */
function fromMetadata(m: TenderMetadata) {
  return {
    requiredDegrees: [...m.requiredDegrees].sort(),
    workLocations: m.workLocations.map((w) => w.comune ?? '').sort(),
    regions: [...new Set(m.workLocations.map((w) => w.regione))].sort(),
    deadline: m.deadline,
    posts: m.posts,
    procedure: m.procedure,
  };
}
function fromLabel(l: TenderLabel) {
  return {
    requiredDegrees: [...l.requiredDegrees].sort(),
    workLocations: [...l.workLocations].sort(),
    regions: [...l.regions].sort(),
    deadline: l.deadline,
    posts: l.posts,
    procedure: l.procedure,
  };
}
const SEEDED_TO_LABEL_KEY: Record<SeededError['field'], keyof ReturnType<typeof fromLabel>> = {
  requiredDegrees: 'requiredDegrees',
  deadline: 'deadline',
  posts: 'posts',
  workLocations: 'workLocations',
  'workLocations.regione': 'regions',
};

/** How a degree label is written in a text: "L-18" may appear as "L/18", "classe 17 (DM 509/99)" as "classe 17". */
function degreeInText(degree: string, text: string): boolean {
  const lower = text.toLowerCase();
  const code = /^(L|LM)-(\d+)( bis)?$/.exec(degree);
  if (code) return new RegExp(`\\b${code[1]}\\s?[-/]\\s?${code[2]}${code[3] ?? ''}\\b`).test(text);
  const old = /^classe (\d+) \(DM 509\/99\)$/.exec(degree);
  if (old) return new RegExp(`classe ${old[1]}\\b`).test(text);
  // A named title may be split by punctuation or a "settore ..." clause: every significant word must be there.
  const words = degree.replace(/ \(vecchio ordinamento\)$/, '').toLowerCase().split(/[^\p{L}]+/u);
  return words.filter((w) => w.length >= 4).every((w) => lower.includes(w));
}

/** ISTAT names may differ from how a text writes the comune. */
const TEXT_SPELLING: Record<string, string> = { "Reggio nell'Emilia": 'Reggio Emilia', 'Reggio di Calabria': 'Reggio Calabria' };
const comuneInText = (comune: string, text: string) => text.includes(TEXT_SPELLING[comune] ?? comune.split('/')[0] ?? comune);

describe('demo corpus files', () => {
  it('has at least 30 bandi with unique, well-formed ids equal to their file names', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(30);
    const ids = corpus.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of corpus) {
      expect(t.metadata.id).toBe(t.id);
      expect(t.id).toMatch(/^demo-\d{3}-[a-z0-9-]+$/);
    }
  });

  it('gives every bando a title, a preamble and the articles a reader looks for', () => {
    const expected: [string, RegExp][] = [
      ['posts', /posti|posto/i],
      ['requirements', /requisiti/i],
      ['degree', /titolo di studio/i],
      ['application', /domanda/i],
      ['exams', /prov[ae]|colloquio/i],
      ['location', /sede di (lavoro|servizio)|sedi di servizio/i],
      ['contacts', /contatti/i],
    ];
    for (const t of corpus) {
      expect(t.text.split('\n')[0], t.id).toBe(`# ${t.metadata.title}`);
      expect(t.text, t.id).toMatch(/RENDE NOTO|DECRETA|DISPONE|DETERMINA/);
      const arts = articles(t.text);
      expect(arts.map((a) => a.n), t.id).toEqual(arts.map((_, i) => i + 1));
      for (const [what, re] of expected) expect(arts.some((a) => re.test(a.title)), `${t.id}: ${what} article`).toBe(true);
      expect(arts.at(-1)?.title, t.id).toMatch(/dati personali/i);
      const words = t.text.split(/\s+/).filter(Boolean).length;
      expect(words, t.id).toBeGreaterThanOrEqual(600);
      expect(words, t.id).toBeLessThanOrEqual(1800);
    }
  });

  it('varies administrations, procedures, regions and sizes', () => {
    expect(new Set(corpus.map((t) => t.metadata.procedure))).toEqual(new Set(['concorso', 'mobilita', 'selezione', 'avviso']));
    const regions = new Set(Object.values(labels).flatMap((l) => l.regions));
    expect(regions.size).toBe(20);
    const posts = corpus.map((t) => labels[t.id]?.posts ?? 0);
    expect(Math.min(...posts)).toBe(1);
    expect(Math.max(...posts)).toBe(50);
  });

  it('has exactly 4 bandi expired on the demo date, by metadata and by labels', () => {
    expect(corpus.filter((t) => isExpired(t.metadata, DEMO_TODAY))).toHaveLength(4);
    expect(Object.values(labels).filter((l) => isExpired(l, DEMO_TODAY))).toHaveLength(4);
    for (const t of corpus) {
      const published = t.metadata.publicationDate ?? '';
      expect(published >= '2026-10-01' && published <= '2026-11-30', t.id).toBe(true);
    }
  });

  it('states relative deadlines in the text and dates them from the Gazzetta', () => {
    const relative = corpus.filter((t) => t.metadata.gazzettaDate);
    expect(relative.length).toBeGreaterThanOrEqual(8);
    for (const t of corpus) {
      const isRelative = /trentesimo giorno successivo/.test(t.text);
      expect(isRelative, t.id).toBe(t.metadata.gazzettaDate !== undefined);
      if (!t.metadata.gazzettaDate) continue;
      expect(labels[t.id]?.deadline, t.id).toBe(thirtiethDayAfter(t.metadata.gazzettaDate));
      expect(t.text, t.id).toMatch(/4a serie speciale/);
    }
  });

  it('ships a FAQ of 12 to 15 unique entries', () => {
    const faq = loadFaq();
    expect(faq.length).toBeGreaterThanOrEqual(12);
    expect(faq.length).toBeLessThanOrEqual(15);
    expect(new Set(faq.map((f) => f.id)).size).toBe(faq.length);
  });
});

describe('labels.json', () => {
  it('covers every bando and nothing else', () => {
    expect(Object.keys(labels).sort()).toEqual(corpus.map((t) => t.id).sort());
  });

  it('names only degrees, places and numbers that the text contains', () => {
    const check = (t: DemoTender, l: TenderLabel) => {
      for (const d of [...l.requiredDegrees, ...l.preferenceDegrees]) expect(degreeInText(d, t.text), `${t.id}: ${d}`).toBe(true);
      for (const c of l.workLocations) expect(comuneInText(c, t.text), `${t.id}: ${c}`).toBe(true);
      for (const v of l.examVenues) expect(v === 'da remoto' ? /da remoto/.test(t.text) : comuneInText(v, t.text), `${t.id}: ${v}`).toBe(true);
      const posts = articles(t.text)[0]?.body ?? '';
      expect(posts, t.id).toContain(`n. ${l.posts} (`);
      expect(l.reservedPosts, t.id).toBeLessThan(l.posts);
      if (l.reservedPosts > 0) expect(posts, t.id).toMatch(/1014/);
      for (const p of l.preferenceDegrees) expect(l.requiredDegrees, t.id).not.toContain(p);
      if (l.preferenceDegrees.length > 0) expect(t.text, t.id).toMatch(/titolo preferenziale/);
    };
    for (const t of corpus) check(t, labels[t.id] as TenderLabel);
  });

  it('agrees with every metadata file except in the seeded errors', () => {
    for (const t of corpus) {
      const label = fromLabel(labels[t.id] as TenderLabel);
      const meta = fromMetadata(t.metadata);
      const seededKey = seededById.has(t.id) ? SEEDED_TO_LABEL_KEY[(seededById.get(t.id) as SeededError).field] : undefined;
      for (const key of Object.keys(label) as (keyof typeof label)[]) {
        if (key === seededKey) expect(meta[key], `${t.id}: seeded ${key}`).not.toEqual(label[key]);
        else expect(meta[key], `${t.id}: ${key}`).toEqual(label[key]);
      }
    }
  });
});

describe('seeded metadata errors', () => {
  it('lists 6 errors of 6 different kinds, each on a bando of the corpus and documented', () => {
    expect(seeded).toHaveLength(6);
    expect(new Set(seeded.map((s) => s.id)).size).toBe(6);
    const kinds = new Set(seeded.map((s) => `${s.field}:${s.description.split(':')[0]}`));
    expect(kinds.size).toBe(6);
    const doc = readFileSync(join(CORPUS_DIR, 'SEEDED_ERRORS.md'), 'utf8');
    for (const s of seeded) {
      expect(corpus.some((t) => t.id === s.id), s.id).toBe(true);
      expect(doc, s.id).toContain(s.id);
    }
  });

  it('records in each entry the value the metadata file really has', () => {
    for (const s of seeded) {
      const meta = corpus.find((t) => t.id === s.id)?.metadata as TenderMetadata;
      const actual = s.field === 'workLocations.regione' ? meta.workLocations[0]?.regione : meta[s.field];
      expect(actual, s.id).toEqual(s.metadataValue);
    }
  });

  it('includes a degree listed in metadata that the text gives only as a preference', () => {
    const extra = seeded.find((s) => s.field === 'requiredDegrees' && (s.metadataValue as string[]).length > (s.truth as string[]).length);
    expect(extra).toBeDefined();
    const label = labels[extra?.id ?? ''] as TenderLabel;
    const added = (extra?.metadataValue as string[]).filter((d) => !label.requiredDegrees.includes(d));
    expect(added.length).toBe(1);
    expect(label.preferenceDegrees).toContain(added[0]);
  });

  it('includes an exam venue listed as the work location', () => {
    const venue = seeded.find((s) => s.field === 'workLocations');
    const label = labels[venue?.id ?? ''] as TenderLabel;
    const listed = (venue?.metadataValue as { comune: string }[]).map((w) => w.comune);
    expect(listed.some((c) => label.examVenues.includes(c) && !label.workLocations.includes(c))).toBe(true);
  });
});
