/**
 * Pseudo-ground truth: facts read deterministically from the text (metadata-extractor), asked back and checked
 * with fact-match (dates, numbers) or keywords (degree class, procedure). When extraction finds nothing for a
 * field, the metadata supplies it and the provenance says so. With a model, generateFacts adds more.
 */
import { extractEntities, type Entity } from '../../metadata/index.ts';
import type { CheckSpecInput } from '../../checks/index.ts';
import { generateFacts } from '../../llm/index.ts';
import type { GeneratedCase, GenerateOptions, Provenance, TenderInput } from '../types.ts';
import { italianDate, slug } from '../italian.ts';
import { answers, makeCase, readsTender } from './common.ts';

type Source = Pick<Provenance, 'generator' | 'evidence' | 'confidence' | 'note'>;

const PROCEDURE_WORDS: Record<string, string[]> = {
  concorso: ['concorso'],
  mobilita: ['mobilità', 'mobilita'],
  selezione: ['selezione'],
  avviso: ['avviso'],
  progressione: ['progressione'],
  altro: [],
};

function best<K extends Entity['kind']>(entities: Entity[], kind: K, keep: (e: Extract<Entity, { kind: K }>) => boolean): Extract<Entity, { kind: K }> | undefined {
  return entities
    .filter((e): e is Extract<Entity, { kind: K }> => e.kind === kind && keep(e as Extract<Entity, { kind: K }>))
    .sort((a, b) => b.confidence - a.confidence || a.evidence.start - b.evidence.start)[0];
}

const fromText = (e: Entity): Source => ({ generator: 'extraction', evidence: e.evidence.snippet, confidence: e.confidence });
const fromMetadata = (field: string): Source => ({ generator: 'metadata', note: `extraction found no ${field} in the text; taken from the metadata` });

/** Spellings of a degree class a correct answer may use: "L-18", "L18", "L/18", "L 18". */
function degreeKeywords(code: string): string[] {
  const m = /^([A-Z/]+?)[-/ ]?(\d+.*)$/.exec(code);
  if (!m) return [code];
  const [, prefix, rest] = m;
  return [...new Set([code, `${prefix}-${rest}`, `${prefix}${rest}`, `${prefix}/${rest}`, `${prefix} ${rest}`])];
}

const foldWords = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** The phrase, or its longest leading part of at least two words, as the text writes it; undefined if absent. */
function inText(phrase: string, text: string): string[] | undefined {
  const haystack = ` ${foldWords(text).join(' ')} `;
  const words = phrase.trim().split(/\s+/);
  for (let n = words.length; n >= Math.min(2, words.length); n--) {
    const part = words.slice(0, n).join(' ');
    // Without its edge punctuation: "Licenza media," is matched in an answer as "licenza media".
    if (haystack.includes(` ${foldWords(part).join(' ')} `)) return [part.replace(/^[\p{P}\s]+|[\p{P}\s]+$/gu, '')];
  }
  return undefined;
}

export async function factFamily(tender: TenderInput, opts: GenerateOptions): Promise<GeneratedCase[]> {
  const meta = tender.metadata;
  const { entities } = extractEntities(tender.text, { gazzettaDate: meta.gazzettaDate, publicationDate: meta.publicationDate });
  const name = `il bando «${meta.title}» di ${meta.administration}`;
  const out: GeneratedCase[] = [];
  const add = (key: string, question: string, expected: string, check: CheckSpecInput, source: Source) =>
    out.push(
      makeCase(tender, opts, { family: 'fact', key, turns: [question], expected, checks: [answers, readsTender(tender.id), check] }, source),
    );

  const deadline = best(entities, 'deadline', (e) => !!e.date);
  const deadlineDate = deadline?.date ?? meta.deadline;
  add(
    'deadline',
    `Qual è la data di scadenza per presentare la domanda per ${name}?`,
    italianDate(deadlineDate),
    { type: 'fact-match', id: 'deadline', value: italianDate(deadlineDate), slot: 'deadline' },
    deadline
      ? { ...fromText(deadline), ...(deadline.basis === 'relative' ? { note: `relative deadline: ${deadline.days ?? '?'} days from the ${deadline.from ?? 'publication'}${deadline.rolledOverFrom ? `, moved from ${deadline.rolledOverFrom}` : ''}` } : {}) }
      : fromMetadata('deadline'),
  );

  const posts = best(entities, 'posts', (e) => e.role === 'total');
  const count = posts?.count ?? meta.posts;
  add(
    'posts',
    `Quanti posti sono messi a concorso con ${name}?`,
    String(count),
    { type: 'fact-match', id: 'posts', value: count, slot: 'posts' },
    posts ? fromText(posts) : fromMetadata('number of posts'),
  );

  const degree = best(entities, 'degree', (e) => e.role === 'required' && !!e.code);
  const degreeCode = degree?.code ?? meta.requiredDegrees[0];
  // A degree from the metadata is checked with the words the bando itself uses for it: an answer quoting the
  // text must pass even when the metadata words it differently ("qualifica … di operatore elettrico").
  const keywords = degree ? [...degreeKeywords(degreeCode ?? ''), degree.name] : degreeCode ? inText(degreeCode, tender.text) : undefined;
  if (degreeCode && keywords) {
    add(
      `degree-${slug(degreeCode, 24)}`,
      `Per ${name}, è ammesso chi ha ${degree ? `una laurea nella classe ${degreeCode}` : `questo titolo: ${degreeCode}`}? Quali titoli di studio sono richiesti?`,
      degreeCode,
      { type: 'keywords', id: 'degree', keywords, mode: 'any' },
      degree ? fromText(degree) : fromMetadata('required degree class'),
    );
  }

  const procedure = best(entities, 'procedure', () => true);
  const procValue = procedure?.value ?? meta.procedure;
  const words = PROCEDURE_WORDS[procValue] ?? [];
  if (words.length > 0) {
    add(
      'procedure',
      `Che tipo di procedura è ${name}: un concorso, una mobilità, una selezione o un avviso?`,
      procValue,
      { type: 'keywords', id: 'procedure', keywords: words, mode: 'any' },
      procedure ? fromText(procedure) : fromMetadata('procedure'),
    );
  }

  if (opts.llm) {
    const generated = await generateFacts(tender.text, opts.llm, { maxFacts: 5 });
    generated.facts.forEach((f, i) =>
      out.push(
        makeCase(
          tender,
          opts,
          {
            family: 'fact',
            key: `llm-${i + 1}-${slug(f.question, 30)}`,
            turns: [f.question.includes(meta.administration) ? f.question : `${f.question} (bando «${meta.title}» di ${meta.administration})`],
            expected: f.statement,
            checks: [answers, readsTender(tender.id), { type: 'pseudo-ground-truth', id: 'fact', fact: f.statement }],
          },
          { generator: 'llm', evidence: f.evidence },
        ),
      ),
    );
  }
  return out;
}
