/**
 * Italian text helpers shared by the demo chatbot: accent folding, tokens, dates in words, the 20 regions
 * and degree-class codes as citizens write them ("LM 56", "lm-56", "L/18").
 */

/** Lower-case and strip diacritics ("Università" → "universita"). */
export function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** Folded word tokens (letters and digits). */
export function tokens(s: string): string[] {
  return fold(s).match(/[a-z0-9]+/g) ?? [];
}

/** Unfolded word tokens, safe to put in a to_tsquery expression. */
export function queryWords(s: string): string[] {
  return s.match(/[\p{L}\p{N}]+/gu) ?? [];
}

const MONTHS = [
  'gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno',
  'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre',
];

/** "2027-01-31" → "31 gennaio 2027". */
export function formatDateIt(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d} ${MONTHS[(m ?? 1) - 1]} ${y}`;
}

/** Dates are civil dates (Europe/Rome): compute in UTC to avoid DST shifts. */
export function addDays(iso: string, days: number): string {
  const t = Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

export function daysBetween(fromIso: string, toIso: string): number {
  return Math.round((Date.parse(`${toIso}T00:00:00Z`) - Date.parse(`${fromIso}T00:00:00Z`)) / 86_400_000);
}

/** Dates written in a bando: "31 gennaio 2027", "31/01/2027", "31.01.2027", "2027-01-31". */
export function findDates(text: string): string[] {
  const out: string[] = [];
  const re = /(\d{1,2})(?:°|º)?\s+(gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre)\s+(\d{4})|(\d{1,2})[/.](\d{1,2})[/.](\d{4})|(\d{4})-(\d{2})-(\d{2})/gi;
  for (const m of text.matchAll(re)) {
    let y: number, mo: number, d: number;
    if (m[1] && m[2] && m[3]) [d, mo, y] = [Number(m[1]), MONTHS.indexOf(m[2].toLowerCase()) + 1, Number(m[3])];
    else if (m[4] && m[5] && m[6]) [d, mo, y] = [Number(m[4]), Number(m[5]), Number(m[6])];
    else [y, mo, d] = [Number(m[7]), Number(m[8]), Number(m[9])];
    if (mo >= 1 && mo <= 12 && d >= 1 && d <= 31) out.push(`${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
  }
  return out;
}

export const REGIONS = [
  'Abruzzo', 'Basilicata', 'Calabria', 'Campania', 'Emilia-Romagna', 'Friuli-Venezia Giulia', 'Lazio',
  'Liguria', 'Lombardia', 'Marche', 'Molise', 'Piemonte', 'Puglia', 'Sardegna', 'Sicilia', 'Toscana',
  'Trentino-Alto Adige', 'Umbria', "Valle d'Aosta", 'Veneto',
] as const;

/**
 * Region key used for comparisons: folded letters only ("Emilia Romagna" = "Emilia-Romagna"), first name of a
 * bilingual one ("Valle d'Aosta/Vallée d'Aoste" = "Valle d'Aosta").
 */
export function regionKey(name: string): string {
  return fold(name.split('/')[0] ?? name).replace(/[^a-z]/g, '');
}

/** Words of region names, in both languages of the bilingual ones: never search words. */
export const REGION_WORDS = new Set([...REGIONS.flatMap((r) => fold(r).split(/[^a-z]+/)), 'vallee', 'aoste', 'sudtirol', 'alto', 'adige']);

const REGION_ALIASES: [RegExp, (typeof REGIONS)[number]][] = [
  [/\bemilia\b/, 'Emilia-Romagna'],
  [/\bfriuli\b/, 'Friuli-Venezia Giulia'],
  [/\b(trentino|alto adige|sudtirol)\b/, 'Trentino-Alto Adige'],
  [/\b(valle d ?aosta|val d ?aosta|valdaosta)\b/, "Valle d'Aosta"],
];

/** The region a message names, canonical spelling. */
export function findRegion(message: string): string | undefined {
  const f = fold(message).replace(/['’]/g, ' ');
  for (const [re, name] of REGION_ALIASES) if (re.test(f)) return name;
  return REGIONS.find((r) => new RegExp(`\\b${regionKey(r)}\\b`).test(f));
}

/** A degree class code as citizens write it: "LM-56", "lm 56", "L/18", "LMG/01", "L/SNT1", "LM-SNT2", "64/S". */
export const DEGREE_CODE_RE = /\b(L\s?\/\s?SNT|LM\s?[-/]\s?SNT|LMG|LM|LS|L|SNT)\s?[-/]?\s?(\d{1,2})\b|\b(\d{1,3})\s?\/\s?S\b/gi;

/** Degree class codes in a message, normalised ("lm 56" → "LM-56", "lmg/1" → "LMG/01", "l/snt1" → "L/SNT1", "64/s" → "64/S"). */
export function findDegreeCodes(message: string): string[] {
  const out = new Set<string>();
  for (const m of message.matchAll(DEGREE_CODE_RE)) {
    if (m[3]) {
      out.add(`${Number(m[3])}/S`);
      continue;
    }
    const prefix = (m[1] ?? '').toUpperCase().replace(/\s/g, '');
    // A bare "l 2" in running text is not a degree: require a separator or an upper-case prefix.
    if (prefix === 'L' && !/[-/]/.test(m[0]) && m[1] !== 'L') continue;
    const n = Number(m[2]);
    if (/SNT/.test(prefix)) out.add(`${prefix.startsWith('LM') ? 'LM/SNT' : 'L/SNT'}${n}`);
    else out.add(prefix === 'LMG' ? `LMG/${String(n).padStart(2, '0')}` : `${prefix}-${n}`);
  }
  return [...out];
}

/** Comparison key of a degree code: letters + number without zero padding ("LMG/01" → "LMG1"). */
export function degreeKey(code: string): string {
  const m = /^\s*([A-Za-z]*)\s*[-/ ]?\s*0*(\d+)\s*(\/\s*S)?\s*$/.exec(code);
  if (!m) return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return `${(m[1] ?? '').toUpperCase()}${m[2]}${m[3] ? 'S' : ''}`;
}

/** A rough token count for usage accounting in deterministic mode (≈ 4 characters per token). */
export function roughTokens(s: string): number {
  return Math.ceil(s.length / 4);
}
