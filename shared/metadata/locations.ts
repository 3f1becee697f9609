/**
 * Comuni, province and regioni (ISTAT list) with their role: work location, exam venue, commission seat, or
 * other (candidate residence, contact address, unclear). Many comuni are named like common words ("Calcio",
 * "Paese", "Nove", "Rende"), so a comune needs a capital letter AND a locating cue ("a", "di", "presso",
 * "sede", "comune di", a following "(SS)" sigla, or being in a list of places).
 */
import type { Article, Island, LocationEntity, LocationRole } from './types.ts';
import { articleAt } from './articles.ts';
import { foldKeepLength, normName, snippet } from './normalize.ts';
import { reference, type Place } from './reference.ts';
import { tableContext } from './tables.ts';
import { buildDictionary, matchAt, tokenize, type Dictionary, type Token } from './tokens.ts';

type Candidate =
  | { type: 'comune'; places: Place[] }
  | { type: 'provincia'; nome: string; regione: string; sigla: string }
  | { type: 'regione'; nome: string };

let dictCache: Dictionary<Candidate[]> | undefined;
function dictionary(): Dictionary<Candidate[]> {
  if (dictCache) return dictCache;
  const ref = reference();
  const all = new Map<string, Candidate[]>();
  const add = (k: string, c: Candidate) => all.set(k, [...(all.get(k) ?? []), c]);
  for (const [k, places] of ref.comuniByName) add(k, { type: 'comune', places });
  for (const [k, p] of ref.province) add(k, { type: 'provincia', ...p });
  for (const [k, r] of ref.regioni) add(k, { type: 'regione', nome: r });
  dictCache = buildDictionary(all.entries());
  return dictCache;
}

/** Words that are comuni but, capitalised in a bando, almost always mean something else. */
const STOP = new Set(['ora', 'bella', 'paese', 'nove', 'calendario', 'campagna', 'stato', 'ente', 'europa', 'lavoro', 'valle', 'monte', 'sale', 'stella', 'vita', 'bianco', 'amato', 'fontana', 'volta', 'mezzano', 'centro', 'vico', 'massa', 'ponte', 'porto', 'villa', 'salute', 'ala', 'ama', 'castello', 'piazza', 'corte', 'fiume', 'lago', 'bosco', 'cervo', 'calcio', 'parenti', 'ripa', 'riva', 'marina', 'arma', 'sori', 'mori', 'fonte', 'ufficio', 'santo', 'lettere', 'medicina', 'scienze', 'economia', 'direzione', 'ragioneria', 'lei', 'ne', 're', 'lu', 'ro', 'vo', 'via', 'viale', 'corso', 'largo', 'vicolo', 'strada', 'contrada', 'borgo', 'rione', 'galleria', 'salita']);

const ADDRESS_BEFORE = /\b(?:via|viale|piazza|piazzale|corso|largo|strada|vicolo)\s[^,;\n]{1,60}?\d+(?:\s?\/?\s?[a-z])?\s*,\s*$/;
const INSTITUTION_BEFORE = /\b(?:universita|politecnico|ateneo)(?:\s+degli studi)?\s+(?:di|della|del|dell')\s*$/;

const CUE_BEFORE = new Set(['a', 'ad', 'in', 'di', 'da', 'presso', 'sede', 'sedi', 'comune', 'citta', 'localita', 'capoluogo']);

const ROLE_CUES: [RegExp, LocationRole, string][] = [
  [/sed[ei] di lavoro|sed[ei] di servizio|luogo di lavoro|post[io] (?:sono )?(?:cosi )?(?:distribuit|ripartit|destinat)|assegnat[oiae]\b|assegnazione|prestare servizio|in servizio presso|destinat[oiae]\b|da assegnare|localita'?\s*:|ambito territoriale/g, 'work', 'work'],
  [/\bprov[ae]\b|sede d'esame|sede degli esami|sedi d'esame|colloqui|svolger[aà]|svolgeranno|svolgimento|effettuer[aà]|effettueranno|convocat|diario|preselezion|sostenere/g, 'exam', 'exam'],
  [/commission/g, 'commission', 'commission'],
  [/residen|\bnat[oia] a\b|nascita|domicili/g, 'other', 'residence'],
  // "la graduatoria potrà essere utilizzata per ulteriori assunzioni presso le sedi di …": not this procedure's seats.
  [/\battinger|scorriment|ulteriori assunzioni|utilizz\w* (?:della|la) graduatoria|graduatoria (?:potra|puo) essere utilizzat/g, 'other', 'graduatoria'],
  // "Scuola dell'Archivio di Stato di X", "Presidio Ospedaliero di X" in a list of scored titles: not a seat.
  [/\bpunt[io]\b|valutazione dei titoli|titoli valutabili/g, 'other', 'titles'],
  [/rivolgersi|informazioni|indirizz|\bvia\b|viale|piazza|\bcorso\b|telefon|\bpec\b|tribunale|\btar\b|ricorso/g, 'other', 'contact'],
  [/bollettino|gazzetta|\bb\.?u\.?r\b|albo/g, 'other', 'publication'],
];

/**
 * Start of the clause holding `pos`: after the last ';', line break (unless the line ends with ':', which
 * introduces a list) or full stop that ends a sentence ("U.S.L. di" does not).
 */
export function clauseStart(text: string, pos: number, limit = 250): number {
  const min = Math.max(0, pos - limit);
  for (let i = pos - 1; i >= min; i--) {
    const c = text[i];
    if (c === ';') return i + 1;
    if (c === '\n' && !/:\s*$/.test(text.slice(Math.max(0, i - 3), i))) return i + 1;
    if (c === '.' && /^\s+[A-Z]/.test(text.slice(i + 1, i + 4)) && !/(?:^|[\s.])[A-Za-z]$/.test(text.slice(Math.max(0, i - 2), i))) return i + 1;
  }
  return min;
}

function roleOf(text: string, folded: string, pos: number): { role: LocationRole; cue?: string } {
  // In a table row, the header and the sentence introducing the table say what the places are.
  const table = tableContext(folded, pos);
  if (table) {
    // The table's own words decide, the seat first: "Ufficio di assegnazione", "I posti sono così distribuiti".
    const said = `${table.intro} ${table.header}`;
    const hit = ROLE_CUES.find(([re]) => new RegExp(re.source).test(said));
    if (hit) return { role: hit[1], cue: hit[2] };
  }
  // Nearest cue before the mention, within its clause.
  const window = folded.slice(clauseStart(text, pos), pos);
  // The commission seat is named as such; "presso" alone is the weakest hint of a work place.
  if (/commission/.test(window)) return { role: 'commission', cue: 'commission' };
  let best: { at: number; role: LocationRole; cue: string } | undefined;
  for (const [re, role, cue] of ROLE_CUES) {
    for (const m of window.matchAll(re)) {
      const at = m.index + m[0].length;
      if (!best || at > best.at) best = { at, role, cue };
    }
  }
  if (best) return { role: best.role, cue: best.cue };
  return /\bpresso\b/.test(window) ? { role: 'work', cue: 'work' } : { role: 'other' };
}

/**
 * Homonymous comuni (Castro BG/LE, San Teodoro SS/ME): the sigla written after the name, else the sigla written
 * after the same name anywhere in the bando ("San Teodoro (SS)" in the letterhead), else a province the bando
 * names ("Provincia di Sassari"), else a capoluogo, else the one in a region the bando names.
 */
function pickComune(places: Place[], sigla: string | undefined, regioniInText: Set<string>, doc: DocPlaces, key: string): { place: Place; sure: boolean } | undefined {
  for (const sg of [sigla, doc.siglaByName.get(key)]) {
    const p = sg ? places.find((x) => x.sigla === sg) : undefined;
    if (p) return { place: p, sure: true };
  }
  if (places.length === 1 && places[0]) return { place: places[0], sure: true };
  const inProvince = places.filter((x) => doc.province.has(x.provincia));
  if (inProvince.length === 1 && inProvince[0]) return { place: inProvince[0], sure: true };
  const capoluogo = places.find((x) => foldKeepLength(x.provincia) === foldKeepLength(x.nome));
  if (capoluogo) return { place: capoluogo, sure: true };
  const inRegion = places.filter((x) => regioniInText.has(x.regione));
  if (inRegion.length === 1 && inRegion[0]) return { place: inRegion[0], sure: true };
  return places[0] ? { place: places[0], sure: false } : undefined;
}

interface DocPlaces {
  siglaByName: Map<string, string>;
  province: Set<string>;
}
function docPlaces(text: string): DocPlaces {
  const ref = reference();
  const siglaByName = new Map<string, string>();
  for (const m of text.matchAll(/([A-Z][A-Za-zÀ-ÿ'’ -]{1,40}?)\s*\(([A-Z]{2})\)/g)) {
    const key = normName(m[1] ?? '');
    if (ref.comuniByName.get(key)?.some((p) => p.sigla === m[2])) siglaByName.set(key, m[2] ?? '');
  }
  const province = new Set<string>();
  for (const m of text.matchAll(/\bProvincia (?:di|del|della) ([A-Z][A-Za-zÀ-ÿ'’ -]{1,30})/g)) {
    const p = ref.province.get(normName(m[1] ?? '').split(' ').slice(0, 3).join(' ')) ?? ref.province.get(normName(m[1] ?? '').split(' ')[0] ?? '');
    if (p) province.add(p.nome);
  }
  return { siglaByName, province };
}

export function extractLocations(text: string, islands: Island[], articles: Article[] = []): LocationEntity[] {
  const folded = foldKeepLength(text);
  const doc = docPlaces(text);
  const tokens = tokenize(text).filter((t) => islands.some((i) => t.start >= i.start && t.end <= i.end));
  const dict = dictionary();
  const join = (a: Token, b: Token) => /^[ '’-]{1,3}$/.test(text.slice(a.end, b.start));
  const regioniInText = new Set<string>();
  for (const t of tokens) {
    const r = reference().regioni.get(t.w);
    if (r && t.cap) regioniInText.add(r);
  }
  const out: LocationEntity[] = [];
  let lastEnd = -10;
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i];
    if (!tok?.cap) continue;
    const found = matchAt(dict, tokens, i, join)[0];
    if (!found) continue;
    const first = tokens[found.from];
    const last = tokens[found.to];
    if (!first || !last) continue;
    const start = first.start;
    const end = last.end;
    const written = text.slice(start, end);
    const before = folded.slice(Math.max(0, start - 40), start);
    // The locating word must sit right before the name, with nothing but spaces (or an apostrophe) between.
    const prevWord = /([a-z]+)(?:\s+|')$/.exec(before)?.[1];
    const afterText = text.slice(end, end + 30);
    const sigla = /^\s*\(([A-Z]{2})\)/.exec(afterText)?.[1];
    // "via Ugo Bassi 58/B, Padova": a comune closing a street address is a place; its role is read before the address.
    const near = folded.slice(Math.max(0, start - 100), start);
    const address = ADDRESS_BEFORE.exec(near);
    const rolePos = address ? start - near.length + address.index : start;
    // "Università di Bologna", "Università della Calabria": part of an institution's name, not a place's role.
    const institution = INSTITUTION_BEFORE.test(before);
    // "Salerno, Avellino e Caserta", also with a note after each name: "Salerno (n. 3), Avellino (n. 3)".
    const inList = start - lastEnd <= 100 && /^(?:\s*\([^()\n]{0,80}\))?(?:,\s*|\s+e\s+|\s+ed\s+)$/.test(text.slice(lastEnd, start));
    // "La sede di lavoro è Genova": the seat named right after the words that introduce it.
    const seatIs = /\bsed[ei] di (?:lavoro|servizio)\s+(?:e|sono|sara|saranno)\s+$/.test(before);
    const provinciaCue = /provincia (?:di|del|della)\s*$/.test(before);
    const regioneCue = /\bregion[ei]\s*$/.test(before) || (inList && out[out.length - 1]?.level === 'regione');
    const cands = found.value;
    let ent: Omit<LocationEntity, 'role' | 'confidence' | 'evidence' | 'kind'> | undefined;
    let conf = 0.9;
    const reg = cands.find((c): c is Extract<Candidate, { type: 'regione' }> => c.type === 'regione');
    const prov = cands.find((c): c is Extract<Candidate, { type: 'provincia' }> => c.type === 'provincia');
    const com = cands.find((c): c is Extract<Candidate, { type: 'comune' }> => c.type === 'comune');
    if (reg && (regioneCue || !com)) ent = { level: 'regione', name: reg.nome, regione: reg.nome };
    else if (prov && provinciaCue) {
      // "Rende (Provincia di Cosenza)": the province of the comune just named qualifies it, no new place.
      const prevEnt = out[out.length - 1];
      if (prevEnt && prevEnt.provincia === prov.nome && start - lastEnd < 20) {
        lastEnd = end;
        i = found.to;
        continue;
      }
      ent = { level: 'provincia', name: prov.nome, provincia: prov.nome, regione: prov.regione };
    } else if (com) {
      const w = foldKeepLength(written);
      // A capitalised name opening a table cell ("…   Novara, Viale Roma n. 7/D") is a place too.
      const cell = /(?:^|\n|\| ?| {3,})$/.test(text.slice(Math.max(0, start - 4), start)) && tableContext(folded, start) !== undefined;
      const gated = sigla !== undefined || inList || seatIs || cell || address !== null || (prevWord !== undefined && CUE_BEFORE.has(prevWord));
      const acronym = written === written.toUpperCase() && written.length <= 4;
      if (!gated || acronym || STOP.has(w) || w.length < 3) continue;
      const pick = pickComune(com.places, sigla, regioniInText, doc, normName(written));
      if (!pick) continue;
      if (!pick.sure) conf = 0.6;
      ent = { level: 'comune', name: pick.place.nome, comune: pick.place.nome, provincia: pick.place.provincia, regione: pick.place.regione };
    } else if (prov) {
      ent = { level: 'provincia', name: prov.nome, provincia: prov.nome, regione: prov.regione };
      conf = 0.7;
    }
    if (!ent) continue;
    const prevEnt = out[out.length - 1];
    let r: { role: LocationRole; cue?: string | undefined } = institution
      ? { role: 'other', cue: 'institution' }
      : inList && prevEnt ? { role: prevEnt.role, cue: prevEnt.cue } : roleOf(text, folded, rolePos);
    if (!r.cue) {
      // No cue in the clause: an article titled "Sede di lavoro" or "Diario e sede delle prove" says it.
      const art = articleAt(articles, start);
      const title = art?.number ? foldKeepLength(art.title) : '';
      const work = /sed[ei] di (?:lavoro|servizio)|assegnazione|destinazione/.test(title);
      const exam = /\bprov[ae]\b|diario|sede d'esame|sede degli esami/.test(title);
      if (work && !exam) r = { role: 'work', cue: 'work' };
      else if (exam && !work) r = { role: 'exam', cue: 'exam' };
    }
    out.push({
      kind: 'location',
      ...ent,
      role: r.role,
      ...(r.cue ? { cue: r.cue } : {}),
      confidence: r.cue ? conf : Math.min(conf, 0.5),
      evidence: snippet(text, start, end),
    });
    lastEnd = end;
    i = found.to;
  }
  return out;
}
