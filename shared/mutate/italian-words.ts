/** Italian number words for 0–999 (both ways), for rewriting counts as a bot would write them: "40 (quaranta)". */
const UNITS = ['zero', 'uno', 'due', 'tre', 'quattro', 'cinque', 'sei', 'sette', 'otto', 'nove', 'dieci', 'undici', 'dodici', 'tredici', 'quattordici', 'quindici', 'sedici', 'diciassette', 'diciotto', 'diciannove'];
const TENS = ['', '', 'venti', 'trenta', 'quaranta', 'cinquanta', 'sessanta', 'settanta', 'ottanta', 'novanta'];

export function italianWord(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 999) return String(n);
  if (n < 20) return UNITS[n]!;
  if (n < 100) {
    const t = TENS[Math.floor(n / 10)]!;
    const u = n % 10;
    if (u === 0) return t;
    // The tens drop their vowel before uno and otto: ventuno, trentotto.
    const stem = u === 1 || u === 8 ? t.slice(0, -1) : t;
    return `${stem}${u === 3 ? 'tré' : UNITS[u]}`;
  }
  const h = Math.floor(n / 100);
  const rest = n % 100;
  const head = h === 1 ? 'cento' : `${UNITS[h]}cento`;
  return rest === 0 ? head : `${rest === 8 || (rest >= 80 && rest < 90) ? head.slice(0, -1) : head}${italianWord(rest)}`;
}

const BY_WORD = new Map<string, number>();
for (let n = 0; n <= 999; n++) {
  BY_WORD.set(italianWord(n), n);
  BY_WORD.set(italianWord(n).replace('tré', 'tre'), n);
}
BY_WORD.set('un', 1);
BY_WORD.set('una', 1);

export function italianValue(word: string): number | undefined {
  return BY_WORD.get(word.toLowerCase());
}

/** A regex alternative matching the words for 0–199 (longest first), for count phrases. */
export const ITALIAN_NUMBER_WORDS = [...BY_WORD.keys()].filter((w) => (BY_WORD.get(w) ?? 0) < 200).sort((a, b) => b.length - a.length).join('|');
