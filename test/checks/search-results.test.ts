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
    ['results under a path, JSON text', { type: 'search-results', tool: 'search_tenders', resultsPath: 'results', include: ['B2'] }, [call('search_tenders', {}, JSON.stringify({ results }))], 'pass'],
    ['custom tool and id path', { type: 'search-results', tool: 'find', idPath: 'meta.code', include: ['K'] }, [call('find', {}, [{ meta: { code: 'K' } }])], 'pass'],
    ['union over several calls', { type: 'search-results', include: ['A1', 'Q'] }, [plain, call('search_tenders', {}, [{ id: 'Q' }])], 'pass'],
  ];
  const roles = { search: { tool: 'search_tenders', results: { path: '$[*].id' } }, tender: { tool: 'get_tender_text', idArg: 'id' } };
  it.each(table)('%s', async (_name, input, toolCalls, outcome) => {
    expect((await check(input, { assistant: 'ok', toolCalls }, { vars: { tenderId: 'B2' }, roles })).outcome).toBe(outcome);
  });

  it('names the missing ids', async () => {
    const r = await check({ type: 'search-results', include: ['Z9'] }, { assistant: 'ok', toolCalls: [plain] }, { roles });
    expect(r.reason).toContain('Z9');
  });
});

describe('search-results by role', () => {
  // Another bot: its search tool answers in text, its tender tool takes "codice".
  const textRoles = {
    search: { tool: 'cerca_bandi', queryArg: 'testo', results: { regex: '\\b(RB-\\d{3})\\b' } },
    tender: { tool: 'leggi_bando', idArg: 'codice' },
  };
  const textOut = 'Trovati 2 bandi:\n1. RB-004 Comune di Lecco, istruttore\n2. RB-011 ASL Bari, infermiere';
  const jsonRoles = { search: { tool: 'trova', results: { path: '$.hits[?@.kind == "bando"].tender.code' } } };
  const jsonOut = JSON.stringify({ hits: [{ kind: 'bando', tender: { code: 'K1' } }, { kind: 'faq', tender: { code: 'K2' } }] });
  const table: Array<[string, CheckSpecInput, ToolCall[], object, 'pass' | 'fail' | 'invalid', RegExp?]> = [
    ['text output read with the role regex', { type: 'search-results', include: ['RB-011'], exclude: ['RB-001'] }, [call('cerca_bandi', { testo: 'x' }, textOut)], textRoles, 'pass'],
    ['text output, id missing', { type: 'search-results', include: ['RB-001'] }, [call('cerca_bandi', {}, textOut)], textRoles, 'fail', /missing RB-001; returned \[RB-004, RB-011\]/],
    ['JSONPath filter into JSON text', { type: 'search-results', include: ['K1'], exclude: ['K2'] }, [call('trova', {}, jsonOut)], jsonRoles, 'pass'],
    ['JSONPath over text output', { type: 'search-results', include: ['K1'] }, [call('trova', {}, 'K1, K2')], jsonRoles, 'invalid', /text, not JSON/],
    ['JSONPath finds nothing in a non-empty output', { type: 'search-results', include: ['K1'] }, [call('trova', {}, { total: 3 })], jsonRoles, 'invalid', /found no ids/],
    ['an empty result list is a search that found nothing', { type: 'search-results', include: ['K1'] }, [call('trova', {}, { hits: [] })], jsonRoles, 'fail', /missing K1/],
    ['no search role declared', { type: 'search-results', include: ['K1'] }, [call('trova', {}, jsonOut)], {}, 'invalid', /target declares no search tool role/],
    ['tender lookup of the named bando accepted', { type: 'search-results', include: ['RB-004'], acceptTenderLookup: true }, [call('leggi_bando', { codice: 'RB-004' })], textRoles, 'pass', /leggi_bando/],
    ['tender lookup of another bando', { type: 'search-results', include: ['RB-004'], acceptTenderLookup: true }, [call('leggi_bando', { codice: 'RB-005' })], textRoles, 'fail', /cerca_bandi was not called/],
    ['tender lookup not accepted unless asked', { type: 'search-results', include: ['RB-004'] }, [call('leggi_bando', { codice: 'RB-004' })], textRoles, 'fail'],
  ];
  it.each(table)('%s', async (_name, input, toolCalls, roles, outcome, reason) => {
    const r = await check(input, { assistant: 'ok', toolCalls }, { roles });
    expect(r.outcome).toBe(outcome);
    if (reason) expect(r.reason).toMatch(reason);
  });
});
