/**
 * Scope-switching conversations: tender A → tender B → a portal FAQ → back to A. Each turn has its own tool-use
 * check: the right tender id on the tender turns, the knowledge (FAQ) tool on the FAQ turn.
 */
import type { GeneratedCase, GenerateOptions, TenderInput } from '../types.ts';
import { makeCase, readsTender } from './common.ts';

export const DEFAULT_FAQ_QUESTION = 'Una domanda generale: come mi registro sul portale inPA per candidarmi a un concorso?';

export function generateScopeSwitch(a: TenderInput, b: TenderInput, opts: Pick<GenerateOptions, 'today' | 'faqQuestion'>): GeneratedCase {
  const A = a.metadata;
  const B = b.metadata;
  const turns = [
    `Vorrei informazioni sul bando «${A.title}» di ${A.administration}: entro quando scade la domanda?`,
    `Adesso passiamo a un altro bando: «${B.title}» di ${B.administration}. Quanti posti ci sono?`,
    opts.faqQuestion ?? DEFAULT_FAQ_QUESTION,
    `Torniamo al bando di ${A.administration} per ${A.profile ?? A.title}: quali titoli di studio sono richiesti?`,
  ];
  return makeCase(
    a,
    opts,
    {
      family: 'scope-switch',
      key: `with-${b.id}`,
      turns,
      // With a simulator model the turns are phrased by a simulated citizen following this script (one scope
      // per turn, so the per-turn checks still name the right bando); without one they are played as written.
      simulate: {
        persona: 'Una persona che cerca lavoro nella pubblica amministrazione; scrive in italiano, in modo semplice.',
        goal: turns[0]!,
        script: turns.map((t) => ({ scope: t })),
        maxTurns: turns.length,
      },
      checks: [
        readsTender(a.id, 0),
        readsTender(b.id, 1),
        // A general question asked while bando B is under discussion may be answered from B's own text (its
        // "domanda" article says how to apply): the knowledge tool, or B's text, never A's.
        { type: 'tool-use', id: 'reads-faq-t2', mode: 'any', tools: [{ role: 'knowledge' }, { role: 'tender', args: { id: { equals: b.id } } }], turn: 2 },
        readsTender(a.id, 3),
        { type: 'answer-presence', id: 'answers-every-turn', turn: 'all' },
      ],
    },
    { generator: 'template', template: 'a-b-faq-a', otherTenders: [b.id] },
  );
}

/** One conversation per tender, with the other tender picked deterministically among `otherTenders`. */
export function scopeSwitchFamily(tender: TenderInput, opts: GenerateOptions): GeneratedCase[] {
  const candidates = (opts.otherTenders ?? []).filter((t) => t.id !== tender.id).sort((x, y) => (x.id < y.id ? -1 : 1));
  if (candidates.length === 0) return [];
  // The next tender after this one in id order (wrapping): deterministic, and spreads pairs over the corpus.
  const b = candidates.find((t) => t.id > tender.id) ?? candidates[0]!;
  return [generateScopeSwitch(tender, b, opts)];
}
