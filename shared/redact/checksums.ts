/** Check characters that tell a real codice fiscale or IBAN from a look-alike code (bando ids, protocol numbers). */

// Values of odd-position characters (1st, 3rd, ...) in the codice fiscale check (DM 23/12/1976, allegato).
const CF_ODD: Record<string, number> = {
  '0': 1, '1': 0, '2': 5, '3': 7, '4': 9, '5': 13, '6': 15, '7': 17, '8': 19, '9': 21,
  A: 1, B: 0, C: 5, D: 7, E: 9, F: 13, G: 15, H: 17, I: 19, J: 21, K: 2, L: 4, M: 18,
  N: 20, O: 11, P: 3, Q: 6, R: 8, S: 12, T: 14, U: 16, V: 10, W: 22, X: 25, Y: 24, Z: 23,
};

function cfEven(c: string): number {
  return /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 65;
}

/** The check letter of the first 15 characters of a codice fiscale (upper case). */
export function cfCheckChar(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = first15[i] ?? '';
    sum += i % 2 === 0 ? (CF_ODD[c] ?? 0) : cfEven(c);
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** 16 characters in the codice fiscale shape (omocodia letters allowed) whose check letter is right. */
export function isValidCodiceFiscale(s: string): boolean {
  const cf = s.toUpperCase();
  if (!/^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/.test(cf)) return false;
  return cfCheckChar(cf.slice(0, 15)) === cf[15];
}

/** IBAN lengths by country for the countries an Italian citizen's bank is likely in; others: 15–34. */
const IBAN_LENGTH: Record<string, number> = { IT: 27, SM: 27, VA: 22, DE: 22, FR: 27, ES: 24, AT: 20, CH: 21, GB: 22, BE: 16, NL: 18 };

/** ISO 13616: move the first four characters to the end, letters to numbers, remainder mod 97 must be 1. */
export function isValidIban(s: string): boolean {
  const iban = s.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const expected = IBAN_LENGTH[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rem = 0;
  for (const ch of moved) {
    const v = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of v) rem = (rem * 10 + Number(d)) % 97;
  }
  return rem === 1;
}
