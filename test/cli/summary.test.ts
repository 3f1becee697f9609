/** What the demo and `vaglio run` print at the end, as a person reads it. */
import { describe, expect, it } from 'vitest';
import { printSets } from '../../cli/summary.ts';
import { readableLogLine } from '../../cli/progress.ts';
import { tenderLine } from '../../cli/demo/index.ts';
import { loadSeededErrors } from '../../examples/corpus/corpus.ts';
import type { RunSummary } from '../../shared/eval/summary.ts';

function text(fn: (out: NodeJS.WritableStream) => void): string {
  let s = '';
  fn({ write: (c: string) => ((s += c), true) } as unknown as NodeJS.WritableStream);
  return s;
}

const set = (key: string, pass: number, fail: number, invalid = 0, error = 0) => ({ key, pass, fail, invalid, error, passRate: pass + fail ? pass / (pass + fail) : null });

describe('end-of-run summary', () => {
  it('lists the sets that failed or errored, worst first and aligned, and collapses the all-green ones into one line', () => {
    const sets = [...Array.from({ length: 40 }, (_, i) => set(`gen.demo-${String(i).padStart(3, '0')}.v1`, 12, 0, 8)), set('redteam', 7, 3), set('gen.a-much-longer-set-name-than-the-others.v1', 4, 1, 0, 2)];
    const out = text((o) => printSets(sets as RunSummary['bySet'], o));
    expect(out.split('\n').filter(Boolean)).toEqual([
      '  redteam                                         70.0%  (7/10, invalid 0, error 0)',
      '  gen.a-much-longer-set-name-than-the-others.v1   80.0%  (4/5, invalid 0, error 2)',
      '  the other 40 sets: all green (480 passed, 320 invalid)',
    ]);
    expect(text((o) => printSets([set('only', 3, 0)] as RunSummary['bySet'], o))).toBe('  only: all green (3 passed)\n');
  });

  it("says the demo corpus's seeded metadata errors are expected, apart from other ko tenders", () => {
    const seeded = loadSeededErrors().map((e) => e.id);
    expect(seeded.length).toBeGreaterThan(0);
    const t = (tenderId: string, verdict: 'ok' | 'ko', metadataKo: boolean, failed = 0) => ({ tenderId, verdict, cases: 10, failed, errors: 0, metadataKo });
    const tenders = [...seeded.map((id) => t(id, 'ko', true)), t('demo-x-ok', 'ok', false), t('demo-y-broken', 'ko', false, 2)];
    const line = tenderLine({ tenders } as unknown as RunSummary);
    expect(line).toBe(`tenders: 1 ok; ${seeded.length} ko: the corpus's seeded metadata errors, expected (${seeded.slice(0, 8).join(', ')}${seeded.length > 8 ? ', ...' : ''}); 1 ko otherwise (demo-y-broken)\n`);
  });

  it('turns a pino JSON line into one readable line for the progress display', () => {
    const line = JSON.stringify({ level: 40, time: 1, pid: 1, service: 'judge', taskKey: 'judge.x', msg: 'judge call failed', err: { message: 'timeout' } });
    expect(readableLogLine(`${line}\n`)).toBe('warn  judge call failed: timeout (judge, judge.x)\n');
    expect(readableLogLine('plain text')).toBe('plain text\n');
  });
});
