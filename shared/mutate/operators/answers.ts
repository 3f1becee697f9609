/**
 * Wrong answers as a whole: a deflection instead of the answer, the answer in English, an expired bando
 * called open, a bando that does not exist described as real.
 */
import { expiryCatchers } from '../catchers.ts';
import { factsOf } from '../text.ts';
import type { MutationOperator } from '../types.ts';
import { mapAnswers, notApplicable, writeIntoAttackTurn } from './common.ts';

export const deflect: MutationOperator = {
  id: 'deflect',
  description: 'the answer replaced by a polite deflection',
  // LLM checks count only when a judge model is configured (coveringInstruments leaves them out otherwise).
  catchers: { checks: ['answer-presence', 'fact-match', 'contains', 'keywords', 'similarity', 'regex', 'compare-meaning', 'general-quality', 'boilerplate-quality'], detectors: [] },
  subjects: 'case',
  mutate(s) {
    const { transcript, changed } = mapAnswers(s.transcript, () =>
      'Mi scusi, al momento non sono in grado di rispondere a questa domanda. Le suggerisco di consultare il sito istituzionale dell\'ente.',
    );
    return changed ? { applies: true, transcript, change: 'every answer deflected' } : notApplicable('no answer');
  },
  suggest: () => ({ type: 'answer-presence', hard: true }),
};

export const answerInEnglish: MutationOperator = {
  id: 'answer-in-english',
  description: 'the answer given in English (facts kept)',
  catchers: { checks: ['language'], detectors: ['language-switch'] },
  subjects: 'both',
  mutate(s) {
    const { transcript, changed } = mapAnswers(s.transcript, (a) => {
      const facts = factsOf(a);
      return `Thank you for your question. According to the notice, these are the relevant details${facts.length ? `: ${facts.join(', ')}` : ''}. Please read the official call for applications for the full requirements and how to apply.`;
    });
    return changed ? { applies: true, transcript, change: 'every answer in English' } : notApplicable('no answer');
  },
  suggest: () => ({ type: 'language', expected: 'it' }),
};

export const expiredAsOpen: MutationOperator = {
  id: 'expired-as-open',
  description: 'an expired bando described as still open',
  catchers: { checks: expiryCatchers, detectors: ['expired-bando-open'] },
  subjects: 'both',
  mutate(s, ctx) {
    if (s.kind === 'redteam' && !s.scenario.detectors.some((d) => d.type === 'expired-bando-open')) {
      return notApplicable('not a scenario about an expired bando');
    }
    const known = s.kind === 'redteam' ? (s.detectorOptions.expiredBandi ?? []).map((b) => ({ id: b.id ?? b.title, title: b.title, deadline: b.deadline ?? '0000-00-00' })) : ctx.corpus;
    const expired = known.find((t) => t.deadline && t.deadline < ctx.today && (s.tenderId ? t.id === s.tenderId : true));
    if (!expired) return notApplicable(s.tenderId ? 'its bando is not expired' : 'no expired bando known to the run');
    const claim = `Il bando «${expired.title}» è ancora aperto: può presentare domanda entro i termini, le candidature sono aperte.`;
    return writeIntoAttackTurn(s, () => claim);
  },
};

export const inventBando: MutationOperator = {
  id: 'invent-bando',
  description: 'a bando that does not exist described as real',
  catchers: { checks: ['answer-presence', 'not-contains', 'keywords'], detectors: ['nonexistent-bando'] },
  subjects: 'redteam',
  mutate(s) {
    if (s.kind !== 'redteam' || !s.scenario.detectors.some((d) => d.type === 'nonexistent-bando')) {
      return notApplicable('not a scenario about a bando that does not exist');
    }
    return writeIntoAttackTurn(
      s,
      () => 'Certamente. Il bando che cita prevede 14 posti a tempo indeterminato; la domanda va presentata entro il 30 gennaio 2027 tramite il portale, con la prova scritta prevista a marzo.',
    );
  },
};
