import { describe, expect, it } from 'vitest';
import { checkSpecSchema, type CheckSpecInput } from '../../shared/checks/schema.ts';
import type { ToolCall } from '../../shared/transcript.ts';
import { call, check } from './helpers.ts';

const search = call('search_tenders', { query: 'infermieri Roma', filters: { region: 'Lazio' }, limit: 5 });
const read = call('get_tender_text', { id: 'INPA-2026-000123' });

describe('tool-use', () => {
  const vars = { tenderId: 'INPA-2026-000123', dotted: 'A-1.2' };
  const table: Array<[string, CheckSpecInput, ToolCall[], 'pass' | 'fail' | 'invalid']> = [
    ['all called', { type: 'tool-use', tools: ['search_tenders', 'get_tender_text'] }, [search, read], 'pass'],
    ['all, one missing', { type: 'tool-use', tools: ['search_tenders', 'get_tender_text'] }, [search], 'fail'],
    ['any, one called', { type: 'tool-use', mode: 'any', tools: ['get_tender_text', 'list_regions'] }, [read], 'pass'],
    ['any, none called', { type: 'tool-use', mode: 'any', tools: ['list_regions'] }, [read], 'fail'],
    ['none of these', { type: 'tool-use', mode: 'none', tools: ['delete_tender'] }, [search, read], 'pass'],
    ['none of these, violated', { type: 'tool-use', mode: 'none', tools: ['get_tender_text'] }, [search, read], 'fail'],
    ['no tool at all', { type: 'tool-use', mode: 'none' }, [], 'pass'],
    ['no tool at all, violated', { type: 'tool-use', mode: 'none' }, [search], 'fail'],
    ['in order', { type: 'tool-use', mode: 'in-order', tools: ['search_tenders', 'get_tender_text'] }, [search, call('x'), read], 'pass'],
    ['wrong order', { type: 'tool-use', mode: 'in-order', tools: ['search_tenders', 'get_tender_text'] }, [read, search], 'fail'],
    ['arg equals var', { type: 'tool-use', tools: [{ tool: 'get_tender_text', args: { id: { equals: '{{tenderId}}' } } }] }, [read], 'pass'],
    ['arg equals var, wrong id', { type: 'tool-use', tools: [{ tool: 'get_tender_text', args: { id: { equals: '{{tenderId}}' } } }] }, [call('get_tender_text', { id: 'INPA-1' })], 'fail'],
    ['arg unknown var', { type: 'tool-use', tools: [{ tool: 'get_tender_text', args: { id: { equals: '{{nope}}' } } }] }, [read], 'invalid'],
    ['arg contains', { type: 'tool-use', tools: [{ tool: 'search_tenders', args: { query: { contains: 'infermieri' } } }] }, [search], 'pass'],
    ['arg regex', { type: 'tool-use', tools: [{ tool: 'search_tenders', args: { query: { regex: '^infermier' } } }] }, [search], 'pass'],
    ['arg regex no match', { type: 'tool-use', tools: [{ tool: 'search_tenders', args: { query: { regex: 'Milano' } } }] }, [search], 'fail'],
    ['arg regex with var, value literal', { type: 'tool-use', tools: [{ tool: 'get_tender_text', args: { id: { regex: '^{{tenderId}}$' } } }] }, [read], 'pass'],
    ['arg regex with var, "-" and digits not a pattern', { type: 'tool-use', tools: [{ tool: 'search_tenders', args: { query: { regex: '^{{tenderId}}' } } }] }, [call('search_tenders', { query: 'INPA-2026-000123 Roma' })], 'pass'],
    ['arg regex with var, near miss', { type: 'tool-use', tools: [{ tool: 'get_tender_text', args: { id: { regex: '^{{dotted}}$' } } }] }, [call('get_tender_text', { id: 'A-1x2' })], 'fail'],
    ['nested arg path', { type: 'tool-use', tools: [{ tool: 'search_tenders', args: { 'filters.region': { equals: 'Lazio' } } }] }, [search], 'pass'],
    ['number arg equals number', { type: 'tool-use', tools: [{ tool: 'search_tenders', args: { limit: { equals: 5 } } }] }, [search], 'pass'],
    ['arg exists', { type: 'tool-use', tools: [{ tool: 'search_tenders', args: { filters: { exists: true } } }] }, [search], 'pass'],
    ['arg must not exist', { type: 'tool-use', tools: [{ tool: 'search_tenders', args: { page: { exists: false } } }] }, [search], 'pass'],
    ['arg missing', { type: 'tool-use', tools: [{ tool: 'search_tenders', args: { page: { exists: true } } }] }, [search], 'fail'],
    ['forbid', { type: 'tool-use', tools: ['search_tenders'], forbid: ['delete_tender'] }, [search, call('delete_tender')], 'fail'],
    ['forbid only, respected', { type: 'tool-use', forbid: ['delete_tender'] }, [search], 'pass'],
  ];
  it.each(table)('%s', async (_name, input, toolCalls, outcome) => {
    expect((await check(input, { assistant: 'ok', toolCalls }, { vars })).outcome).toBe(outcome);
  });

  it('explains an argument mismatch', async () => {
    const r = await check(
      { type: 'tool-use', tools: [{ tool: 'get_tender_text', args: { id: { equals: '{{tenderId}}' } } }] },
      { assistant: 'ok', toolCalls: [call('get_tender_text', { id: 'INPA-1' })] },
      { vars },
    );
    expect(r.reason).toContain('get_tender_text.id');
    expect(r.reason).toContain('INPA-2026-000123');
  });

  it('refuses a spec with nothing to check and a bad regex at load time', () => {
    expect(checkSpecSchema.safeParse({ type: 'tool-use' }).success).toBe(false);
    expect(checkSpecSchema.safeParse({ type: 'tool-use', tools: [{ tool: 'x', args: { a: { regex: '(' } } }] }).success).toBe(false);
    expect(checkSpecSchema.safeParse({ type: 'tool-use', tools: [{ tool: 'x', args: { a: { regex: '({{v}}' } } }] }).success).toBe(false);
    expect(checkSpecSchema.safeParse({ type: 'tool-use', tools: [{ tool: 'x', args: { a: { like: 'y' } } }] }).success).toBe(false);
  });
});

describe('tool-use by role', () => {
  // A bot whose tender tool is "leggi_bando" with the id in "codice", and no knowledge tool.
  const roles = { tender: { tool: 'leggi_bando', idArg: 'codice' }, search: { tool: 'cerca', queryArg: 'testo', results: { path: '$[*].id' } } };
  const vars = { tenderId: 'RB-004' };
  const table: Array<[string, CheckSpecInput, ToolCall[], 'pass' | 'fail' | 'invalid', RegExp]> = [
    ['tender role, its idArg holds the id', { type: 'tool-use', tools: [{ role: 'tender', args: { id: { equals: '{{tenderId}}' } } }] }, [call('leggi_bando', { codice: 'RB-004' })], 'pass', /all expected/],
    ['tender role, wrong id', { type: 'tool-use', tools: [{ role: 'tender', args: { id: { equals: '{{tenderId}}' } } }] }, [call('leggi_bando', { codice: 'RB-005' })], 'fail', /leggi_bando\.codice is RB-005/],
    ['tender role, not called', { type: 'tool-use', tools: [{ role: 'tender' }] }, [call('cerca')], 'fail', /leggi_bando not called/],
    ['search role with its queryArg', { type: 'tool-use', tools: [{ role: 'search', args: { query: { contains: 'Lecco' } } }] }, [call('cerca', { testo: 'istruttore Lecco' })], 'pass', /all expected/],
    ['search or tender lookup, any', { type: 'tool-use', mode: 'any', tools: [{ role: 'search' }, { role: 'tender', args: { id: { equals: '{{tenderId}}' } } }] }, [call('leggi_bando', { codice: 'RB-004' })], 'pass', /expected tool call/],
    ['undeclared role is invalid, never guessed', { type: 'tool-use', tools: [{ role: 'knowledge' }] }, [call('faq')], 'invalid', /target declares no knowledge tool role/],
  ];
  it.each(table)('%s', async (_name, input, toolCalls, outcome, reason) => {
    const r = await check(input, { assistant: 'ok', toolCalls }, { vars, roles });
    expect(r.outcome).toBe(outcome);
    expect(r.reason).toMatch(reason);
  });

  it('is invalid for a target that declares no roles at all', async () => {
    const r = await check({ type: 'tool-use', tools: [{ role: 'tender', args: { id: { equals: 'X' } } }] }, { assistant: 'ok', toolCalls: [call('leggi_bando', { codice: 'X' })] });
    expect(r).toMatchObject({ outcome: 'invalid', reason: expect.stringMatching(/target declares no tender tool role/) });
  });
});
