/**
 * The escaping every report format relies on (transcripts and tender texts are attacker-controlled): what a
 * browser, a JUnit parser or a spreadsheet would otherwise run or choke on never goes out raw, and clean text
 * goes out unchanged.
 */
import { describe, expect, it } from 'vitest';
import { csvCell, esc, xmlEsc } from '../../shared/report/escape.ts';

describe('report escaping', () => {
  it('escapes the five HTML specials and leaves other text as it is', () => {
    expect(esc(`<script>alert("x") & 'y'</script>`)).toBe('&lt;script&gt;alert(&quot;x&quot;) &amp; &#39;y&#39;&lt;/script&gt;');
    expect(esc('Scadenza: 31 gennaio 2027 — àèéìòù')).toBe('Scadenza: 31 gennaio 2027 — àèéìòù');
    expect(esc(null)).toBe('');
    expect(esc(42)).toBe('42');
  });

  it('drops the characters XML 1.0 forbids, then escapes', () => {
    expect(xmlEsc('a\u0001b\u0008c\u000Bd\u001Fe\uFFFEf\uFFFF<&>')).toBe('abcdef&lt;&amp;&gt;');
    // Tab, newline and carriage return are allowed.
    expect(xmlEsc('a\tb\nc\rd')).toBe('a\tb\nc\rd');
    expect(xmlEsc('nulla da togliere')).toBe('nulla da togliere');
  });

  it('quotes CSV cells that need it and defuses formulas', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(undefined)).toBe('');
  });
});
