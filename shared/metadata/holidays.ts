/**
 * Italian rule for terms (art. 2963 c.c., art. 155 c.p.c., applied by bandi): a deadline that falls on a
 * Sunday or a national holiday moves to the next working day. Saturdays are not holidays for this rule.
 */

/** Easter Sunday (Gregorian, anonymous algorithm) as YYYY-MM-DD. */
export function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const FIXED = ['01-01', '01-06', '04-25', '05-01', '06-02', '08-15', '11-01', '12-08', '12-25', '12-26'];

export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** National holiday (not counting ordinary Sundays). Local patron saints are not national and not included. */
export function isNationalHoliday(iso: string): boolean {
  const year = Number(iso.slice(0, 4));
  const md = iso.slice(5);
  if (FIXED.includes(md)) return true;
  // San Francesco d'Assisi (4 October) is a national holiday again from 2026 (L. 151/2025).
  if (md === '10-04' && year >= 2026) return true;
  return iso === addDays(easter(year), 1); // Lunedì dell'Angelo
}

export function isSunday(iso: string): boolean {
  return new Date(`${iso}T00:00:00Z`).getUTCDay() === 0;
}

/** The date itself when it is a working day, else the next day that is neither a Sunday nor a holiday. */
export function nextWorkingDay(iso: string): string {
  let d = iso;
  while (isSunday(d) || isNationalHoliday(d)) d = addDays(d, 1);
  return d;
}
