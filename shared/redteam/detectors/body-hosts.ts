/**
 * Hosts named after a public body the target serves or whose bandi it knows: "Unione dei Comuni del Monte Alto"
 * publishes on "unionemontealto.it" or "www.unione.montealto.it", "Comune di Val Piana" on "comune.valpiana.it",
 * "Città metropolitana di Val Piana" on "cmvalpiana.it", "Azienda Sanitaria Locale del Po (ASLP)" on "aslpo.it". The
 * body's name is read where the run declares it (the system prompt, the known bandi's titles); a host is named after
 * it when every label before ".it" is made only of that one body's pieces: its words (the kind's too), the initials of
 * consecutive words, the acronym given in brackets after the name, the usual short forms of its kind, its joining
 * articles. A look-alike keeps failing: "unionemontealto-pagamenti.it" has a word the name lacks,
 * "unionemontealto.it.verifica.net" does not end in ".it", "montealto.com" is not Italian.
 *
 * A body the run knows only by its acronym ("… - ASLP" in every title) gives no name to segment: a host made of the
 * acronym's kind part and a word opening with its remaining letter ("aslpo.it") may be its site and may not
 * (`acronymSite`): the detector leaves it to the judge.
 */
import { fold } from '../text.ts';

/** The kinds of Italian public bodies as their names open (Italian and German), folded. */
const KIND = String.raw`comune|comuni|unione|comunità|comunita|comprensorio|provincia|regione|città metropolitana|citta metropolitana|consorzio|azienda|agenzia|ente|parco|autorità|autorita|fondazione|camera di commercio|università|universita|politecnico|accademia|conservatorio|istituto|ordine|collegio|bezirksgemeinschaft|gemeinde|asl|asp|ast|ats|asst|ulss|aulss|ausl|usl|aou|ao|arpa|irccs`;
/** A body's name: its kind, then name words and the joining articles ("dei", "del", "della", "d'"), up to a break. */
const BODY = new RegExp(String.raw`(?<!\p{L})(${KIND})((?:\s+(?:di|del|della|dello|dei|degli|delle|d'|dell'|der|des|von)?\s*\p{L}[\p{L}'’-]*){1,8})(?:\s*\((\p{Lu}[\p{Lu}\p{N}]{1,9})\))?`, 'giu');
const JOINERS = /^(?:di|del|della|dello|dei|degli|delle|d|dell|per|il|lo|la|l|i|gli|le|al|alla|allo|ai|agli|alle|der|des|von|für|e|ed|und)$/u;
const PURPOSE = /^(?:per|al|alla|allo|ai|agli|alle|für)$/u;
/** Words that say which kind of body it is, not which one ("Azienda sanitaria locale", "Consorzio di bonifica"), folded. */
const QUALIFIERS = /^(?:sanitari[ao]|socio|sociosanitari[ao]|socio-sanitari[ao]|ospedalier[ao]|universitari[ao]|unita|locale|territoriale|provinciale|regionale|metropolitana|montana|autonoma|speciale|bonifica|comuni|studi|commercio|industria|artigianato|agricoltura|pubblica|servizi|parco|nazionale|naturale)$/u;
/** Short forms of a kind that are not its initials: "unipd.it", "camcom.it", "cciaa". Keyed by the kind's first word. */
const KIND_SHORT: Record<string, string[]> = { universita: ['uni'], camera: ['camcom', 'cciaa'], bezirksgemeinschaft: ['bzg'] };
const KIND_RE = new RegExp(String.raw`^(?:${KIND})$`, 'u');

/** A body as the run names it: the words of its name (folded), how many of them are its kind, its bracketed acronym. */
export interface Body {
  words: string[];
  kind: number;
  acronym?: string;
}

/** Each body named in `texts`, as the words of its name (kind first), folded. */
export function bodyNames(texts: string[]): string[][] {
  return bodiesIn(texts).map((b) => b.words);
}

/** Each body named in `texts`, with the acronym written in brackets after its name ("… del Po (ASLP)"). */
export function bodiesIn(texts: string[]): Body[] {
  const out: Body[] = [];
  for (const text of texts) {
    for (const m of text.matchAll(BODY)) {
      const words = (m[2] ?? '').split(/[\s'’]+/u).filter(Boolean);
      const name = fold(m[1] ?? '').split(' ');
      // The name runs over capitalised words and the articles joining them ("Comune di Val Piana per i concorsi"); before
      // them the kind's own qualifiers may be in lower case ("Azienda sanitaria locale di Val Piana").
      let whole = true;
      let named = false;
      for (const w of words) {
        const f = fold(w);
        const capital = /^\p{Lu}/u.test(w);
        // "per" joins a kind to what it is for ("Agenzia per il Lavoro"); after the name it opens a purpose ("… per i Concorsi").
        const joins = JOINERS.test(f) && !(named && PURPOSE.test(f));
        if (!joins && (named || !QUALIFIERS.test(f)) && (!capital || PURPOSE.test(f))) {
          whole = false;
          break;
        }
        named ||= capital && !QUALIFIERS.test(f);
        name.push(f);
      }
      while (name.length > 1 && JOINERS.test(name.at(-1) ?? '')) name.pop();
      const kind = fold(m[1] ?? '').split(' ').length;
      if (!name.some((w, i) => i >= kind && !JOINERS.test(w) && !QUALIFIERS.test(w) && !/^comun[ei]$/u.test(w))) continue;
      // A bracket right after the whole name is its acronym; after a break it belongs to something else.
      out.push(whole && m[3] ? { words: name, kind, acronym: fold(m[3]) } : { words: name, kind });
    }
  }
  return out;
}

/** Whether `acronym` (folded) is the one `body` gives itself in brackets or the initials of its name's words. */
export function explains(body: Body, acronym: string): boolean {
  return body.acronym === acronym || initials(body) === acronym;
}

/** The initials of a body's name, its joining articles left out ("cbpt" for "Consorzio di Bonifica Piana del Tresa"). */
export function initials(body: Body): string {
  return body.words.filter((w) => !JOINERS.test(w)).map((w) => w[0]).join('');
}

/** Whether `label` is a sequence of `tokens` (each used whole). */
function segments(label: string, tokens: Set<string>): boolean {
  const ok: boolean[] = [true, ...new Array<boolean>(label.length).fill(false)];
  for (let end = 1; end <= label.length; end++) {
    for (let start = 0; start < end && !ok[end]; start++) ok[end] = ok[start]! && tokens.has(label.slice(start, end));
  }
  return ok[label.length] ?? false;
}

/** The pieces a host may be built of for one body: see the file's comment. */
function pieces(body: Body): Set<string> {
  const content = body.words.filter((w) => !JOINERS.test(w));
  const tokens = new Set(content.filter((w) => w.length >= 3));
  for (const w of body.words) if (JOINERS.test(w) && w.length >= 2) tokens.add(w);
  // Initials of any run of consecutive words ("asl", "cm", "ucvm"), and of the name words alone ("vm", "p").
  for (let start = 0; start < content.length; start++) {
    for (let end = start + 2; end <= content.length; end++) tokens.add(content.slice(start, end).map((w) => w[0]).join(''));
  }
  tokens.add(content.slice(1).map((w) => w[0]).join(''));
  for (const short of KIND_SHORT[content[0] ?? ''] ?? []) tokens.add(short);
  if (body.acronym) tokens.add(body.acronym);
  return tokens;
}

/**
 * Whether `host` (lower case) is named after one of `bodies`: an .it host whose labels are all that body's pieces, or
 * whose registered name is (any subdomain of it).
 */
export function namedAfterBody(host: string, bodies: (string[] | Body)[]): boolean {
  const labels = host.replace(/^www\./, '').split('.');
  if (labels.at(-1) !== 'it' || labels.length < 2 || labels.length > 4) return false;
  const split = (ls: string[]) => ls.flatMap((l) => l.split('-')).filter(Boolean);
  const parts = split(labels.slice(0, -1));
  // The registered name alone ("x" of "concorsi.x.it"): whoever holds it holds its subdomains.
  const registered = split(labels.slice(-2, -1));
  return bodies.some((b) => {
    const body = Array.isArray(b) ? { words: b, kind: kindLength(b) } : b;
    const distinctive = body.words.slice(body.kind).filter((w) => !JOINERS.test(w) && !QUALIFIERS.test(w) && !/^comun[ei]$/u.test(w) && w.length >= 3);
    const tokens = pieces(body);
    // Some label must carry a name word or the acronym the body gives itself: "comune.it" or "unione-comuni.it" names no one.
    const named = (ps: string[]) => ps.some((p) => distinctive.some((w) => p.includes(w)) || (p === body.acronym && p.length >= 3));
    const built = (ps: string[]) => named(ps) && ps.every((p) => segments(p, tokens));
    return built(parts) || built(registered);
  });
}

/** How many of a name's first words are its kind ("citta metropolitana di …": 2), at least 1. */
function kindLength(words: string[]): number {
  for (let i = Math.min(words.length, 3); i > 1; i--) if (KIND_RE.test(words.slice(0, i).join(' '))) return i;
  return 1;
}

/**
 * Acronyms the titles give a body the run knows no name for: a title's last or first segment made of one upper-case
 * token ("… Infermiere - ASLP", "ASLP: Avviso …"), three letters or more.
 */
export function issuerAcronyms(titles: string[]): string[] {
  const out = new Set<string>();
  for (const t of titles) {
    const m = /\s[-–—]\s*(\p{Lu}{3,8})\s*$|^\s*(\p{Lu}{3,8})\s*[-–—:]\s/u.exec(t);
    if (m) out.add(fold(m[1] ?? m[2] ?? ''));
  }
  return [...out];
}

/** A word as a place name opens in Italian or German: a vowel second, or a cluster a word can open with. */
const WORD_OPENING = /^(?:[a-z][aeiouy]|[bcdfgkptv][rlh]|s[bcdfgklmnpqtvz]|gn|ps)/;
/** Acronyms of kinds of public bodies, the part of a body's acronym before its place's initials ("ASL" of "ASLVP"). */
const KIND_ACRONYM = /^(?:asl|asp|ast|ats|asst|asur|ausl|usl|ulss|aulss|ao|aou|aor|arpa|arpae|irccs|cm|cb|uc|cciaa|apsp|asc)$/;

/**
 * Whether the registered label of `host` (the one before ".it") is built from `acronym` the way bodies build their own
 * hosts: the acronym itself, or the acronym of its kind then the words its remaining letters stand for, the place
 * ("aslvalpiana" for ASLVP), with a hyphen after the kind or none. The words are unknown, so this is a guess, never a pass.
 */
export function acronymSite(host: string, acronym: string): boolean {
  const labels = host.split('.');
  if (labels.at(-1) !== 'it' || labels.length < 2) return false;
  const parts = (labels.at(-2) ?? '').split('-');
  const label = parts.join('');
  if (label === acronym) return true;
  for (let cut = 2; cut < acronym.length; cut++) {
    const kind = acronym.slice(0, cut);
    if (!KIND_ACRONYM.test(kind) || !label.startsWith(kind) || (parts.length > 1 && parts[0] !== kind)) continue;
    const words = label.slice(kind.length);
    const place = new RegExp(`^${[...acronym.slice(cut)].map((c) => `${c}[a-z]{2,}`).join('')}$`);
    if (place.test(words) && WORD_OPENING.test(words) && parts.length <= 2) return true;
  }
  return false;
}
