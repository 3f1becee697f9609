import { describe, expect, it } from 'vitest';
import type { CheckSpecInput } from '../../shared/checks/schema.ts';
import type { ToolCall } from '../../shared/transcript.ts';
import { call, check } from './helpers.ts';

const results = [{ id: 'A1' }, { id: 'B2' }, { id: 'C3' }];
const plain = call('search_tenders', { query: 'x' }, results);

describe('search-results', () => {
  const table: Array<[string, CheckSpecInput, ToolCall[], 'pass' | 'fail' | 'invalid']> = [
    ['includes', { type: 'search-results', include: ['A1', 'C3'] }, [plain], 'pass'],
    ['missing one', { type: 'search-results', include: ['A1', 'Z9'] }, [plain], 'fail'],
    ['excludes', { type: 'search-results', exclude: ['Z9'] }, [plain], 'pass'],
    ['exclude violated', { type: 'search-results', exclude: ['B2'] }, [plain], 'fail'],
    ['var in include', { type: 'search-results', include: ['{{tenderId}}'] }, [plain], 'pass'],
    ['search not called', { type: 'search-results', include: ['A1'] }, [call('get_tender_text')], 'fail'],
    ['results not exposed', { type: 'search-results', include: ['A1'] }, [call('search_tenders')], 'invalid'],
    ['results not an array', { type: 'search-results', include: ['A1'] }, [call('search_tenders', {}, { total: 3 })], 'invalid'],
    ['results under a path, JSON text', { type: 'search-results', resultsPath: 'results', include: ['B2'] }, [call('search_tenders', {}, JSON.stringify({ results }))], 'pass'],
    ['custom tool and id path', { type: 'search-results', tool: 'find', idPath: 'meta.code', include: ['K'] }, [call('find', {}, [{ meta: { code: 'K' } }])], 'pass'],
    ['union over several calls', { type: 'search-results', include: ['A1', 'Q'] }, [plain, call('search_tenders', {}, [{ id: 'Q' }])], 'pass'],
  ];
  it.each(table)('%s', async (_name, input, toolCalls, outcome) => {
    expect((await check(input, { assistant: 'ok', toolCalls }, { vars: { tenderId: 'B2' } })).outcome).toBe(outcome);
  });

  it('names the missing ids', async () => {
    const r = await check({ type: 'search-results', include: ['Z9'] }, { assistant: 'ok', toolCalls: [plain] });
    expect(r.reason).toContain('Z9');
  });
});
