/**
 * Finds which bando a message is about: an explicit code, "questo bando" (the session's focus), an
 * ordinal over the last search ("il secondo"), or distinctive words of a title, administration, profile
 * or comune. Word matching loads every bando's header: fine for a demo corpus of dozens of bandi.
 */
import type { Sql } from '../../shared/db/client.ts';
import { fold, tokens } from './text.ts';

export interface TenderHeader {
  id: string;
  title: string;
  administration: string;
  profile: string | null;
  comuni: string | null;
}

export type Reference =
  | { via: 'id' | 'title' | 'focus' | 'ordinal' | 'words'; id: string }
  | { via: 'none' };

/** Words of every bando title or of the questions themselves: they never identify one bando. */
const GENERIC = new Set(
  ('concorso concorsi bando bandi pubblico pubblica pubblici esami esame titoli titolo posti posto tempo ' +
    'indeterminato determinato pieno parziale copertura selezione avviso categoria area profilo profili ' +
    'per del della dei delle degli nel nella con una uno gli che qual quale quali sono come dove quando ' +
    'quanti quante scadenza requisiti studio laurea prove sede lavoro domanda presentare contatti ' +
    'informazioni candidatura assunzione unita ' +
    'mobilita procedura comparativa esterna interna riservato riservata ente amministrazione ' +
    'questo questa stesso invece anche allora ' +
    // Function words and chatter: "non" must not pick the one title with "non dirigenziale".
    'non dell della dello degli alla allo alle agli sul sulla sui nei nelle dal dalla tra fra mio mia tuo ' +
    'dimmi vero giusto ancora aperto aperta aperti data bene sempre ogni'
  ).split(/\s+/),
);

/** Prefix stem: "ingegneri"/"ingegnere" → "ingegn"; good enough to match Italian inflections. */
const stem = (t: string) => t.slice(0, 6);

function distinctive(text: string): Set<string> {
  return new Set(tokens(text).filter((t) => t.length >= 3 && !/^\d+$/.test(t) && !GENERIC.has(t)).map(stem));
}

const FOCUS = /\b(quest[oa]|stess[oa]|suddett[oa]|tale|medesim[oa]) (bando|concorso|selezione|avviso|procedura)\b/;
const ORDINALS = ['primo', 'secondo', 'terzo', 'quarto', 'quinto'];
const ORDINAL = /\b(?:il|al|del|nel|sul|per il|nel|dal)\s+(primo|secondo|terzo|quarto|quinto)\b/;

export async function loadHeaders(sql: Sql): Promise<TenderHeader[]> {
  return sql<TenderHeader[]>`
    select id, title, administration, metadata->>'profile' as profile,
      (select string_agg(coalesce(w->>'comune', ''), ' ') from jsonb_array_elements(metadata->'workLocations') w) as comuni
    from demo.tenders order by id limit 2000`;
}

const squash = (s: string) => tokens(s).join(' ');

/** A bando whose title the message quotes («...»), whole or in a recognisable part (≥ 20 characters). */
function quotedTitle(message: string, headers: TenderHeader[]): string | undefined {
  for (const m of message.matchAll(/«([^»]+)»|“([^”]+)”|"([^"]+)"/g)) {
    const q = squash(m[1] ?? m[2] ?? m[3] ?? '');
    if (q.length < 20) continue;
    const hits = headers.filter((h) => squash(h.title).includes(q));
    if (hits.length === 1) return hits[0]?.id;
  }
  return undefined;
}

export function findReference(
  message: string,
  headers: TenderHeader[],
  focus: string | undefined,
  lastSearch: string[],
): Reference {
  const f = fold(message);
  const byId = [...headers]
    .sort((a, b) => b.id.length - a.id.length)
    .find((h) => new RegExp(`(^|[^a-z0-9_.-])${fold(h.id).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z0-9_-])`).test(f));
  if (byId) return { via: 'id', id: byId.id };
  const byTitle = quotedTitle(message, headers);
  if (byTitle) return { via: 'title', id: byTitle };
  if (focus && FOCUS.test(f)) return { via: 'focus', id: focus };
  const ord = ORDINAL.exec(f);
  const nth = ord ? lastSearch[ORDINALS.indexOf(ord[1] ?? '')] : undefined;
  if (nth) return { via: 'ordinal', id: nth };
  const words = distinctive(message);
  if (words.size === 0) return { via: 'none' };
  const docs = headers.map((h) => ({ id: h.id, set: distinctive(`${h.title} ${h.administration} ${h.profile ?? ''} ${h.comuni ?? ''}`) }));
  const df = new Map<string, number>();
  for (const d of docs) for (const w of d.set) df.set(w, (df.get(w) ?? 0) + 1);
  const maxDf = Math.max(1, Math.floor(docs.length / 2));
  const scored = docs
    .map((d) => ({ id: d.id, score: [...words].reduce((s, w) => s + (d.set.has(w) && (df.get(w) ?? 0) <= maxDf ? 1 / (df.get(w) ?? 1) : 0), 0) }))
    .sort((a, b) => b.score - a.score);
  const [best, second] = scored;
  if (best && best.score > 0 && best.score > (second?.score ?? 0)) return { via: 'words', id: best.id };
  return { via: 'none' };
}
