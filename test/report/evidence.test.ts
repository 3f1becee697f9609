/** Reasons summarised with their lists on demand, and check evidence highlighted in the judged turn of a transcript. */
import { describe, expect, it } from 'vitest';
import { summariseReason, reasonHtml } from '../../shared/report/reason.ts';
import { quotedInReason } from '../../shared/report/evidence.ts';
import { transcriptHtml } from '../../shared/report/fragments.ts';
import { call, check, transcript } from '../checks/helpers.ts';
import type { CheckResult } from '../../shared/checks/types.ts';

describe('summariseReason', () => {
  const table: [string, string, number][] = [
    ['should not include t-1, t-2, t-3; returned [t-0, t-1, t-2, t-3]', 'should not include 3 items; returned 4 items', 2],
    ['missing t-1, t-2; returned [t-0]', 'missing t-1, t-2; returned [t-0]', 0],
    ['answer does not contain "15 dicembre 2026"', 'answer does not contain "15 dicembre 2026"', 0],
    ['called [search, read, list]', 'called 3 items', 1],
  ];
  it.each(table)('%s', (reason, short, lists) => {
    const s = summariseReason(reason);
    expect(s.short).toBe(short);
    expect(s.lists).toHaveLength(lists);
  });
  it('keeps every item of a list, and the full reason, behind the summary', () => {
    const html = reasonHtml('should not include a-1, a-2, a-3; returned [a-0]');
    expect(html).toMatch(/^<details class="reason"><summary>should not include 3 items; returned \[a-0\]<\/summary>/);
    expect(html.match(/<code>a-\d<\/code>/g)).toEqual(['<code>a-1</code>', '<code>a-2</code>', '<code>a-3</code>']);
    expect(html).toContain('<div class="reason-full">should not include a-1, a-2, a-3; returned [a-0]</div>');
  });
  it('cuts a very long reason and escapes it', () => {
    const s = summariseReason(`<b>${'x'.repeat(400)}`);
    expect(s.short.length).toBeLessThanOrEqual(180);
    expect(reasonHtml(`<b>${'x'.repeat(400)}`)).not.toContain('<b>');
  });
});

const turns = transcript(
  { user: 'prima domanda', assistant: 'Il codice è SEGRETO-1.' },
  { user: 'cerca a Milano', assistant: 'Ecco i bandi.', toolCalls: [call('search_tenders', { city: 'Milano' })] },
);
const row = (r: CheckResult) => ({ checkId: r.checkId, outcome: r.outcome, turn: r.turn ?? null, evidence: r.evidence ?? quotedInReason(r.reason) });

describe('evidence in the transcript', () => {
  it('marks the wrong tool argument of the judged turn, from the tool-use check', async () => {
    const r = await check({ type: 'tool-use', tools: [{ tool: 'search_tenders', args: { city: { equals: 'Roma' } } }] }, { toolCalls: [call('search_tenders', { city: 'Milano' })] });
    expect(r.outcome).toBe('fail');
    expect(r.evidence).toEqual([{ text: 'Milano', where: 'tool-args' }]);
    const html = transcriptHtml({ target: 't', turns: turns.turns, error: null }, {}, [{ ...row(r), turn: 1 }]);
    const second = html.slice(html.indexOf('id="turn-1"'));
    expect(second).toContain('<mark class="ev" data-start="13" data-end="19">Milano</mark>');
    // Only the tool arguments: "cerca a Milano" (the user's words) stays plain.
    expect(second).toContain('cerca a Milano');
    expect(html.slice(0, html.indexOf('id="turn-1"'))).not.toContain('<mark');
    expect(html).toMatch(/class="turn judged-turn judged-bad" id="turn-1"/);
  });

  it('marks a leaked value (not-contains) in the answer, and nothing for a passing check', async () => {
    const leak = await check({ type: 'not-contains', value: 'segreto-1', ignoreCase: true }, 'Il codice è SEGRETO-1.');
    expect(leak.outcome).toBe('fail');
    const html = transcriptHtml({ target: 't', turns: turns.turns, error: null }, {}, [{ ...row(leak), turn: 0 }]);
    expect(html).toContain('<mark class="ev" data-start="12" data-end="21">SEGRETO-1</mark>');
    const ok = await check({ type: 'contains', value: 'codice' }, 'Il codice è SEGRETO-1.');
    expect(transcriptHtml({ target: 't', turns: turns.turns, error: null }, {}, [{ ...row(ok), turn: 0 }])).not.toContain('<mark');
  });

  it('falls back to the strings a reason quotes (a check that records no evidence)', () => {
    const html = transcriptHtml({ target: 't', turns: turns.turns, error: null }, {}, [
      { checkId: 'detector#1', outcome: 'fail', turn: 0, evidence: quotedInReason('leaked «SEGRETO-1» and "not in the turn"') },
    ]);
    expect(html.match(/<mark class="ev"[^>]*>([^<]*)<\/mark>/g)).toEqual(['<mark class="ev" data-start="12" data-end="21">SEGRETO-1</mark>']);
  });
});
