// Italian date words, the bot's clock and deadline arithmetic (all on calendar days, Europe/Rome wording).
export const MESI = [
  'gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno',
  'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre',
];
const MONTHS_EN = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

/** A calendar date as written in a bando: day, month (1-12), year, plus the hour of the deadline. */
export interface Deadline {
  day: number;
  month: number;
  year: number;
  time: string;
}

export function isoDay(d: Deadline): string {
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

export function formatIt(d: Deadline): string {
  return `${d.day} ${MESI[d.month - 1]} ${d.year}`;
}

export function formatEn(d: Deadline): string {
  return `${MONTHS_EN[d.month - 1]} ${d.day}, ${d.year}`;
}

export function formatShort(d: Deadline): string {
  return `${String(d.day).padStart(2, '0')}/${String(d.month).padStart(2, '0')}/${d.year}`;
}

export function addDays(d: Deadline, days: number): Deadline {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return { day: t.getUTCDate(), month: t.getUTCMonth() + 1, year: t.getUTCFullYear(), time: d.time };
}

/** Calendar day (Europe/Rome) of an ISO instant, e.g. a feed's dataScadenza "2026-11-10T22:59:00Z" → 10 Nov. */
export function romeDay(iso: string): Deadline {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '0';
  return { day: Number(get('day')), month: Number(get('month')), year: Number(get('year')), time: `${get('hour')}:${get('minute')}` };
}

/** Expired when the deadline day is before today's date (a bando closing today is still open). */
export function isExpired(d: Deadline, today: string): boolean {
  return isoDay(d) < today;
}

export function checkToday(today: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(Date.parse(`${today}T00:00:00Z`))) {
    throw new Error(`today: expected a date like 2026-12-01, got "${today}"`);
  }
  return today;
}

/** "del 15 gennaio 2027" / "dell'8 gennaio 2027", "il 3 dicembre" / "l'11 dicembre": Italian elides before 8 and 11. */
export function withArticle(d: Deadline, article: 'del' | 'il'): string {
  const elide = d.day === 8 || d.day === 11;
  if (!elide) return `${article} ${formatIt(d)}`;
  return `${article === 'del' ? "dell'" : "l'"}${formatIt(d)}`;
}
