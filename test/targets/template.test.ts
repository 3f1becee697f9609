/** Request templates and secret stripping. */
import { describe, expect, it } from 'vitest';
import { stripSecrets } from '../../shared/targets/index.ts';
import { renderString, renderValue, unknownPlaceholders, type TemplateContext } from '../../shared/targets/template.ts';
import { parseRetryAfter } from '../../shared/targets/request.ts';

process.env.VAGLIO_TARGET_TEST_TEMPLATE_KEY = 'tok-123456';
const ctx: TemplateContext = {
  message: 'ciao "mondo"',
  history: [{ role: 'user', content: 'prima' }],
  messages: [
    { role: 'user', content: 'prima' },
    { role: 'user', content: 'ciao "mondo"' },
  ],
  vars: { n: '3' },
};

describe('templates', () => {
  it('keeps the type of a whole-string placeholder and drops undefined keys', () => {
    const secrets: string[] = [];
    const out = renderValue(
      { h: '{{history}}', m: '{{ message }}', s: '{{sessionId}}', list: ['{{sessionId}}', '{{vars.n}}'], k: 'Bearer ${env:VAGLIO_TARGET_TEST_TEMPLATE_KEY}', n: 7 },
      ctx,
      secrets,
    );
    expect(out).toEqual({ h: ctx.history, m: 'ciao "mondo"', list: [null, '3'], k: 'Bearer tok-123456', n: 7 });
    expect(secrets).toEqual(['tok-123456']);
  });

  it('inserts JSON for non-strings inside longer strings and encodes URL values', () => {
    expect(renderString('q={{message}}&h={{history}}', ctx, [], encodeURIComponent)).toBe(
      `q=${encodeURIComponent('ciao "mondo"')}&h=${encodeURIComponent(JSON.stringify(ctx.history))}`,
    );
    expect(renderString('turn: {{message}}; s={{sessionId}}', ctx, [])).toBe('turn: ciao "mondo"; s=');
  });

  it('lists unknown placeholders', () => {
    expect(unknownPlaceholders({ a: ['{{message}} {{histroy}}'], b: '{{vars.x}}{{env}}' })).toEqual(['histroy', 'env']);
  });
});

describe('stripSecrets', () => {
  it('replaces secrets deep in values and keys, also JSON-escaped and URL-encoded', () => {
    const secret = 'p@ss"word/1';
    const value = {
      a: `x ${secret} y`,
      list: [secret, 5, null, { [secret]: true }],
      json: JSON.stringify({ k: secret }),
      url: `https://x/?k=${encodeURIComponent(secret)}`,
    };
    const out = stripSecrets(value, [secret, '']);
    expect(JSON.stringify(out)).not.toContain('p@ss');
    expect(out).toEqual({ a: 'x *** y', list: ['***', 5, null, { '***': true }], json: '{"k":"***"}', url: 'https://x/?k=***' });
    expect(value.a).toBe(`x ${secret} y`); // the input is left alone
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-03-01T10:00:00Z');
  it.each([
    ['2', 2000],
    ['0', 0],
    ['Sat, 01 Mar 2025 10:00:05 GMT', 5000],
    ['Sat, 01 Mar 2025 09:00:00 GMT', 0],
    ['soon', undefined],
    [null, undefined],
  ])('%s', (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms);
  });
});
