/** Wrong facts: a date shifted by a day, a month or a year; a count of posts changed. */
import { changeFirstCount, shiftFirstDate, type DateShift } from '../text.ts';
import { countCatchers, dateCatchers } from '../catchers.ts';
import type { MutationOperator } from '../types.ts';
import { lastAnswer, mapAnswers, notApplicable } from './common.ts';


function dateOperator(id: string, description: string, by: DateShift): MutationOperator {
  return {
    id,
    description,
    catchers: { checks: dateCatchers, detectors: [] },
    subjects: 'case',
    mutate(s) {
      const changes: string[] = [];
      const { transcript, changed } = mapAnswers(s.transcript, (a) => {
        const r = shiftFirstDate(a, by);
        if (r) changes.push(`${r.from} → ${r.to}`);
        return r?.text;
      });
      return changed ? { applies: true, transcript, change: changes.join('; ') } : notApplicable('the answers state no date');
    },
    // The date the (passing) original answer stated is the value a fact check should pin.
    suggest: (s) => {
      const stated = lastAnswer(s) && shiftFirstDate(lastAnswer(s)!, {})?.from;
      return stated ? { type: 'fact-match', kind: 'date', value: stated } : undefined;
    },
  };
}

export const shiftDateDay = dateOperator('shift-date-day', 'a date in the answer one day later', { days: 1 });
export const shiftDateMonth = dateOperator('shift-date-month', 'a date in the answer one month later', { months: 1 });
export const wrongYear = dateOperator('wrong-year', 'a date in the answer in the following year', { years: 1 });

export const changeCount: MutationOperator = {
  id: 'change-count',
  description: 'the number of posts in the answer off by one',
  catchers: { checks: countCatchers, detectors: [] },
  subjects: 'case',
  mutate(s) {
    const changes: string[] = [];
    const { transcript, changed } = mapAnswers(s.transcript, (a) => {
      const r = changeFirstCount(a);
      if (r) changes.push(`${r.from} → ${r.to}`);
      return r?.text;
    });
    return changed ? { applies: true, transcript, change: changes.join('; ') } : notApplicable('the answers state no count of posts');
  },
  suggest: (s) => {
    const stated = lastAnswer(s) && /\d+/.exec(changeFirstCount(lastAnswer(s)!)?.from ?? '')?.[0];
    return stated ? { type: 'fact-match', kind: 'number', value: Number(stated) } : undefined;
  },
};
