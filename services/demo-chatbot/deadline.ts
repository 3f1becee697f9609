/**
 * Relative deadlines ("entro il trentesimo giorno successivo alla data di pubblicazione … nella Gazzetta
 * Ufficiale"): the date counted from the Gazzetta date the bando states, moved to the next working day when
 * it lands on a Sunday or a national holiday, as the bando itself says ("prorogato di diritto").
 */
import { addDays, findDates, fold } from './text.ts';

const ORDINALS: Record<string, number> = {
  decimo: 10, quindicesimo: 15, ventesimo: 20, trentesimo: 30, quarantesimo: 40, quarantacinquesimo: 45,
  sessantesimo: 60, novantesimo: 90,
};

const RELATIVE = /(\d{1,3})\s*(?:°|º)?\s+giorn[oi]|\b([a-z]+esimo)\s+giorno\s+(?:successiv|decorr|dalla)/;

/** The number of days of a relative term in these sentences, if they state one. */
export function relativeDays(sentences: string[]): number | undefined {
  for (const s of sentences) {
    const f = fold(s);
    if (!/pubblicazion|gazzetta/.test(f)) continue;
    const m = RELATIVE.exec(f);
    const n = m?.[1] ? Number(m[1]) : m?.[2] ? ORDINALS[m[2]] : undefined;
    if (n !== undefined && n > 0) return n;
  }
  return undefined;
}

/** "pubblicato nella Gazzetta Ufficiale … del 20 novembre 2026": the first date after the mention. */
export function gazzettaDateOf(text: string): string | undefined {
  const f = fold(text);
  const at = f.search(/gazzetta ufficiale/);
  return at < 0 ? undefined : findDates(text.slice(at, at + 300))[0];
}

/** Easter Sunday (anonymous Gregorian algorithm): Easter Monday is a national holiday. */
function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const g = Math.floor((8 * b + 13) / 25);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const FIXED_HOLIDAYS = ['01-01', '01-06', '04-25', '05-01', '06-02', '08-15', '11-01', '12-08', '12-25', '12-26'];

function isHoliday(iso: string): boolean {
  const sunday = new Date(`${iso}T00:00:00Z`).getUTCDay() === 0;
  return sunday || FIXED_HOLIDAYS.includes(iso.slice(5)) || iso === addDays(easter(Number(iso.slice(0, 4))), 1);
}

export function nextWorkingDay(iso: string): string {
  let d = iso;
  while (isHoliday(d)) d = addDays(d, 1);
  return d;
}
