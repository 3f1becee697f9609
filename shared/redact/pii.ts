/**
 * Replacing personal data in chatbot transcripts by placeholders before they are stored or judged
 * (VAGLIO_REDACT_PII): e-mail → [EMAIL], Italian phone → [PHONE], codice fiscale → [CF], IBAN → [IBAN].
 * Codici fiscali and IBANs are replaced only when their check character is right, and phone numbers only
 * in a phone shape and context, so bando codes, dates, amounts, law and article numbers stay readable.
 */
import { isValidCodiceFiscale, isValidIban } from './checksums.ts';

export const PII_KINDS = ['email', 'iban', 'cf', 'phone'] as const;
export type PiiKind = (typeof PII_KINDS)[number];
export const PII_PLACEHOLDER: Record<PiiKind, string> = { email: '[EMAIL]', iban: '[IBAN]', cf: '[CF]', phone: '[PHONE]' };

const EMAIL = /(?<![\w.%+-])[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,24}(?![\w-])/g;
const CF = /(?<![A-Za-z0-9])[A-Za-z]{6}[0-9LMNPQRSTUVlmnpqrstuv]{2}[A-Za-z][0-9LMNPQRSTUVlmnpqrstuv]{2}[A-Za-z][0-9LMNPQRSTUVlmnpqrstuv]{3}[A-Za-z](?![A-Za-z0-9])/g;
// Country code, check digits, then 11–30 characters, possibly in groups of four separated by one space.
const IBAN = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}/g;
// An optional +39/0039, a mobile (3xx) or landline (0x..) prefix, then digits with single separators.
const PHONE = /(?<![\w+/.,-])(?:(?:\+|00)39[ .-]?)?(?:3\d{2}|0\d{1,3})(?:[ .\-/]?\d){5,8}(?![\w/]|[.,]\d)/g;

// Words before a number that make it something other than a phone number.
const NOT_PHONE_BEFORE = /(?:\bart(?:icol[oi])?\.?|\bcomma|\bn\.|\bnr\.?|\bnum(?:ero)?\.?|\bprot(?:ocollo)?\.?|\bcod(?:ice)?\.?|\bcig|\bcup|\bbando|\bid|\brif\.?|\bdecreto|\bdetermina|\blegge|€|\beur(?:o)?)\s*[:#]?\s*$/i;
const NOT_PHONE_AFTER = /^\s*(?:€|eur(?:o)?\b|%)/i;
const PHONE_CONTEXT = /\b(?:tel(?:efono|efonare)?|fax|cell(?:ulare)?|chiam\w*|contatt\w*|recapit\w*|numero verde|whatsapp|sms)\b[^\n]{0,25}$/i;
const DATE_SHAPE = /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/;

function isPhone(match: string, before: string, after: string): boolean {
  const intl = /^(?:\+|00)39/.test(match);
  if (!intl && DATE_SHAPE.test(match)) return false;
  if (!intl && (NOT_PHONE_BEFORE.test(before) || NOT_PHONE_AFTER.test(after))) return false;
  const national = match.replace(/^(?:\+|00)39/, '').replace(/\D/g, '');
  if (national.length < 6 || national.length > 11) return false;
  if (intl) return true;
  if (national.startsWith('3')) return national.length === 9 || national.length === 10;
  // Landlines without +39 only with a phone word nearby or a separator after a plausible area code.
  return PHONE_CONTEXT.test(before) || /^0\d{1,3}[ .-]\d/.test(match);
}

/** The longest prefix of an IBAN-shaped run of characters that is a valid IBAN, as [start, end) offsets. */
function validIbanSpan(candidate: string): number | undefined {
  for (let end = candidate.length; end >= 15; end--) {
    const part = candidate.slice(0, end);
    if (part.endsWith(' ')) continue;
    if (isValidIban(part)) return end;
  }
  return undefined;
}

export interface RedactCounts {
  email: number;
  iban: number;
  cf: number;
  phone: number;
}

/** `text` with PII replaced; counts say how many of each were found. */
export function redactPiiCounted(text: string): { text: string; counts: RedactCounts } {
  const counts: RedactCounts = { email: 0, iban: 0, cf: 0, phone: 0 };
  let out = text.replace(EMAIL, () => (counts.email++, PII_PLACEHOLDER.email));
  out = out.replace(IBAN, (m) => {
    const end = validIbanSpan(m);
    if (end === undefined) return m;
    counts.iban++;
    return PII_PLACEHOLDER.iban + m.slice(end);
  });
  out = out.replace(CF, (m) => (isValidCodiceFiscale(m) ? (counts.cf++, PII_PLACEHOLDER.cf) : m));
  out = out.replace(PHONE, (m, offset: number, whole: string) => {
    const before = whole.slice(Math.max(0, offset - 40), offset);
    const after = whole.slice(offset + m.length, offset + m.length + 10);
    return isPhone(m, before, after) ? (counts.phone++, PII_PLACEHOLDER.phone) : m;
  });
  return { text: out, counts };
}

export function redactPii(text: string): string {
  return redactPiiCounted(text).text;
}

/** A deep copy of any JSON-like value with PII redacted in every string (keys are kept). */
export function redactDeep<T>(value: T): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return redactPii(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, walk(x)]));
    }
    return v;
  };
  return walk(value) as T;
}
