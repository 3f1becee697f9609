/** PII redaction (VAGLIO_REDACT_PII): what must be replaced, and look-alikes that must be left alone. */
import { describe, expect, it } from 'vitest';
import { cfCheckChar, isValidCodiceFiscale, isValidIban, redactPii, redactPiiCounted, redactTranscript } from '../../shared/redact/index.ts';

// [input, expected output]
const REDACTED: [string, string][] = [
  ['Scrivi a mario.rossi@comune.bergamo.it per info', 'Scrivi a [EMAIL] per info'],
  ['PEC: protocollo@pec.regione.lombardia.it.', 'PEC: [EMAIL].'],
  ['<concorsi+bando_2025@inpa.gov.it>', '<[EMAIL]>'],
  ['Chiama il 347 123 4567 entro venerdì', 'Chiama il [PHONE] entro venerdì'],
  ['cell. 3471234567', 'cell. [PHONE]'],
  ['+39 347 1234567', '[PHONE]'],
  ['0039 06 6789 1234', '[PHONE]'],
  ['+39.02.12345678', '[PHONE]'],
  ['Tel. 06 12345678 (ufficio personale)', 'Tel. [PHONE] (ufficio personale)'],
  ['telefono: 035-399111', 'telefono: [PHONE]'],
  ['numero verde 0471123456', 'numero verde [PHONE]'],
  ['il mio codice fiscale è RSSMRA85T10A562S', 'il mio codice fiscale è [CF]'],
  ['cf rssmra85t10a562s grazie', 'cf [CF] grazie'],
  ['CF: BNCGNN70A41H501V.', 'CF: [CF].'],
  ['IBAN IT60X0542811101000000123456 intestato a me', 'IBAN [IBAN] intestato a me'],
  ['IBAN: IT60 X054 2811 1010 0000 0123 456', 'IBAN: [IBAN]'],
  ['IT60 X054 2811 1010 0000 0123 456 ENTRO IL 30', '[IBAN] ENTRO IL 30'],
  ['conto GB82WEST12345698765432', 'conto [IBAN]'],
  [
    'Sono Mario (RSSMRA85T10A562S), mail m.r@x.it, tel 333 1234567, IBAN IT60X0542811101000000123456',
    'Sono Mario ([CF]), mail [EMAIL], tel [PHONE], IBAN [IBAN]',
  ],
];

// Things from bandi and answers that look like PII to a careless pattern and must stay as they are.
const UNTOUCHED = [
  'Bando RIPAM-2025-0042: 30 posti di istruttore amministrativo',
  'Codice concorso INPA-0031742-2025',
  'Scadenza: 15/12/2025 alle 12:00',
  'Scadenza 01/03/2026, prova il 2026-03-15',
  'data 01.03.2026',
  'Retribuzione annua € 32.456,78 lordi',
  'importo 312.456.789 euro',
  'stanziati € 312 456 789',
  'laurea triennale classe L-18 (Economia) o LM-56',
  'ai sensi dell\'art. 35 del D.Lgs. 165/2001 e della legge 241/1990',
  'articolo 3351234567 del regolamento',
  'protocollo n. 0612345678 del 12/01/2026',
  'CIG Z1A2B3C4D5, CUP J91B21000010006',
  // codice fiscale shape with a wrong check letter, and an IBAN with a wrong check digit
  'RSSMRA85T10A562X',
  'IT61X0542811101000000123456',
  'aumento del 3,5% e 300 posti',
  'ore 09:30, aula 12, piano 3',
  'mail a nessuno@ ma anche @inpa',
];

describe('PII redaction', () => {
  it.each(REDACTED)('redacts %j', (input, expected) => {
    expect(redactPii(input)).toBe(expected);
  });

  it.each(UNTOUCHED.map((s) => [s]))('leaves %j alone', (input) => {
    expect(redactPii(input)).toBe(input);
  });

  it('counts what it replaced', () => {
    const { counts } = redactPiiCounted('a@b.it c@d.it RSSMRA85T10A562S 3471234567 IT60X0542811101000000123456');
    expect(counts).toEqual({ email: 2, cf: 1, phone: 1, iban: 1 });
  });

  it('validates the codice fiscale check letter and the IBAN mod-97', () => {
    expect(cfCheckChar('RSSMRA85T10A562')).toBe('S');
    expect(isValidCodiceFiscale('RSSMRA85T10A562S')).toBe(true);
    // Omocodia: digits replaced by letters (7 → T) still validate with their own check letter.
    const omo = `RSSMRA85T10A56${'T'}`;
    expect(isValidCodiceFiscale(omo + cfCheckChar(omo))).toBe(true);
    for (const bad of ['RSSMRA85T10A562A', 'RSSMRA85Z10A562S', 'RSSMRA85T10A562']) expect(isValidCodiceFiscale(bad), bad).toBe(false);
    expect(isValidIban('IT60X0542811101000000123456')).toBe(true);
    expect(isValidIban('IT60X054281110100000012345')).toBe(false); // Italian IBANs are 27 characters
    expect(isValidIban('IT60X0542811101000000123457')).toBe(false);
  });

  it('redacts every text of a transcript: user, answer, tool arguments, results and raw body', () => {
    const t = redactTranscript({
      sessionId: 's1',
      turns: [
        {
          index: 0,
          user: 'sono RSSMRA85T10A562S',
          assistant: 'Ho scritto a mario@rossi.it',
          toolCalls: [{ name: 'send_mail', arguments: { to: 'mario@rossi.it', phone: '+39 347 1234567' }, result: ['IT60X0542811101000000123456'] }],
          latencyMs: 10,
          raw: { answer: 'Ho scritto a mario@rossi.it', meta: { cf: 'RSSMRA85T10A562S' } },
        },
        { index: 1, user: 'e ora?', assistant: null, toolCalls: [], latencyMs: null, error: 'http: echo mario@rossi.it' },
      ],
    });
    const json = JSON.stringify(t);
    for (const pii of ['RSSMRA85T10A562S', 'mario@rossi.it', '347 1234567', 'IT60X0542811101000000123456']) expect(json).not.toContain(pii);
    expect(t.turns[0]?.toolCalls[0]?.arguments).toEqual({ to: '[EMAIL]', phone: '[PHONE]' });
    expect(t.turns[1]?.error).toBe('http: echo [EMAIL]');
    expect(t.sessionId).toBe('s1');
  });
});

describe('encoded target secrets (base64 at any alignment, base64url, hex)', () => {
  it('no prefix of 0-5 bytes lets a base64 echo of the key decode back to it', async () => {
    const { stripSecrets } = await import('../../shared/targets/secrets.ts');
    for (const key of ['tk_live_"Jp4+Ue/7Ga=Vs2', 'sk-0123456789abcdef', 'a-key-of-sixteen']) {
      for (let n = 0; n <= 5; n++) {
        const prefix = 'user:'.slice(0, n);
        for (const enc of ['base64', 'base64url'] as const) {
          const echo = Buffer.from(`${prefix}${key}`).toString(enc);
          const kept = stripSecrets(`debug ${echo} end`, [key]);
          expect(kept, `${enc} ${prefix}`).toContain('***');
          const decoded = kept.split(/\s+|\*\*\*/).map((part) => Buffer.from(part, enc).toString('latin1')).join('|');
          // At most 2 bytes of the key on either side of the mask survive.
          expect(decoded, `${enc} ${prefix}`).not.toContain(key.slice(2, -2));
        }
      }
      expect(stripSecrets(Buffer.from(key).toString('hex').toUpperCase(), [key])).toBe('***');
    }
  });
});
