/**
 * Pseudo-ground truth: facts read deterministically from the text (metadata-extractor), asked back and checked
 * with fact-match (dates, numbers) or keywords (degree class, procedure). When extraction finds nothing for a
 * field, the metadata supplies it and the provenance says so. With a model, generateFacts adds more.
 */
import { extractEntities, type Entity } from '../../metadata/index.ts';
import { METHODS } from '../../metadata/procedure.ts';
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

/**
 * A code shaped like `id` that none of `ids` is: `id` up to its last run of 3+ digits, with that number's first
 * digit changed to 9 (then 8, 7, …): CONC-2026-0101 → CONC-2026-9101. A descriptive tail after the number is
 * dropped (demo-003-asl-roma2-infermiere → demo-903), so the code names no real bando by its words. Undefined
 * when the id has no such number.
 */
export function unknownCode(id: string, ids: string[]): string | undefined {
  const runs = [...id.matchAll(/\d{3,}/g)];
  const last = runs.at(-1);
  if (!last) return undefined;
  const taken = new Set(ids.map((x) => x.toLowerCase()));
  for (const d of '987654321') {
    const code = `${id.slice(0, last.index)}${d}${last[0].slice(1)}`;
    if (!taken.has(code.toLowerCase())) return code;
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

  // The selection method (per esami, per titoli ed esami, …) is what a candidate asks and what the text states
  // unambiguously. The kind of procedure is asked only when it changes who may apply (a mobilità, a
  // progressione): "concorso", "selezione" and "avviso" name the same public competition in different words, so
  // an answer "prevede una selezione per esami" to a "Concorso pubblico, per esami" is right, not wrong.
  const selection = best(entities, 'selection', () => true);
  const method = selection?.value ?? meta.selectionMethod;
  const pattern = METHODS.find(([m]) => m === method)?.[1];
  if (method && pattern) {
    const others = METHODS.filter(([m]) => m !== method).map(([, re]) => re.source);
    add(
      'selection-method',
      `Per ${name}, la selezione è per esami, per titoli, per titoli ed esami o per titoli e colloquio?`,
      `per ${method.replace('-', method === 'titoli-esami' ? ' ed ' : ' e ')}`,
      { type: 'regex', id: 'selection-method', pattern: pattern.source, flags: 'i' },
      selection ? fromText(selection) : fromMetadata('selection method'),
    );
    out.at(-1)!.spec.checks.push({ type: 'not-regex', id: 'other-selection-method', pattern: others.join('|'), flags: 'i' });
  }
  const procedure = best(entities, 'procedure', () => true);
  const procValue = procedure?.value ?? meta.procedure;
  if (procValue === 'mobilita' || procValue === 'progressione') {
    add(
      'procedure',
      `Che tipo di procedura è ${name}: un concorso, una mobilità, una selezione o un avviso?`,
      procValue,
      { type: 'keywords', id: 'procedure', keywords: PROCEDURE_WORDS[procValue] ?? [procValue], mode: 'any' },
      procedure ? fromText(procedure) : fromMetadata('procedure'),
    );
  }

  // An expired bando must be said to be closed: asked whether one can still apply, with the run's clock.
  if (deadlineDate && deadlineDate < opts.today) {
    add(
      'expired',
      `Per ${name}, è ancora possibile presentare la domanda?`,
      `no: the deadline was ${italianDate(deadlineDate)}`,
      { type: 'bando-status', id: 'expired', status: 'expired', bando: tender.id, deadline: deadlineDate },
      deadline ? fromText(deadline) : fromMetadata('deadline'),
    );
  }

  // A code like this bando's that no tender of the corpus has: the answer must not describe it as a real bando.
  const missing = unknownCode(tender.id, [tender.id, ...(opts.otherTenders ?? []).map((t) => t.id)]);
  if (missing) {
    out.push(
      makeCase(
        tender,
        opts,
        {
          family: 'fact',
          key: 'unknown-code',
          turns: [`Quando scade il bando con codice ${missing}?`],
          expected: `no bando ${missing} exists`,
          checks: [{ type: 'bando-status', id: 'unknown-code', status: 'not-found', bando: missing }],
        },
        { generator: 'template', note: `${missing}: ${tender.id} up to its last number, changed: a code no tender of the corpus has` },
      ),
    );
  } else {
    opts.onSkip?.({ family: 'fact', tenderId: tender.id, template: 'unknown-code', reason: `the id ${tender.id} has no number of 3 or more digits to change into a code that does not exist` });
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
