/**
 * Search queries for a tender, labelled with the expected outcome: `positive` (a search for this should
 * find the tender) or `negative` (a search that should NOT return it: another region, another degree...).
 * Deterministic Italian templates always; with a generator model, also realistic rephrasings of each
 * template that keep its expected outcome.
 */
import { z } from 'zod';
import type { TenderMetadata } from '../tender/metadata.ts';
import type { CallContext, RoleClient } from './client.ts';

export interface SearchQuery {
  query: string;
  expected: 'positive' | 'negative';
  /** Which template it comes from (an LLM variant keeps its template's name). */
  template: string;
  source: 'template' | 'llm';
}

const REGIONI = [
  'Abruzzo', 'Basilicata', 'Calabria', 'Campania', 'Emilia-Romagna', 'Friuli-Venezia Giulia', 'Lazio',
  'Liguria', 'Lombardia', 'Marche', 'Molise', 'Piemonte', 'Puglia', 'Sardegna', 'Sicilia', 'Toscana',
  'Trentino-Alto Adige', 'Umbria', "Valle d'Aosta", 'Veneto',
];

/** A region far from all of the tender's, picked deterministically from the tender id. */
function otherRegion(meta: TenderMetadata): string | undefined {
  const own = new Set(meta.workLocations.map((l) => l.regione.toLowerCase()));
  const candidates = REGIONI.filter((r) => !own.has(r.toLowerCase()));
  if (own.size === 0 || candidates.length === 0) return undefined;
  let h = 0;
  for (const ch of meta.id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return candidates[h % candidates.length];
}

function itDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** A template left out for this tender, and why (a field it needs is missing). */
export interface SkippedTemplate {
  template: string;
  reason: string;
}

/**
 * The deterministic queries, and the templates left out because the metadata lacks a field they need. A title
 * never stands in for a missing profile: "bandi per <title>" names one bando, and a correct chatbot rightly
 * answers about that bando instead of searching.
 */
export function searchTemplates(meta: TenderMetadata): { queries: SearchQuery[]; skipped: SkippedTemplate[] } {
  const queries: SearchQuery[] = [];
  const skipped: SkippedTemplate[] = [];
  const add = (template: string, expected: SearchQuery['expected'], needs: Record<string, unknown>, query: () => string) => {
    const missing = Object.entries(needs).filter(([, v]) => v === undefined || v === '').map(([k]) => k);
    if (missing.length) skipped.push({ template, reason: `the metadata has no ${missing.join(', ')}` });
    else queries.push({ query: query().replace(/\s+/g, ' ').trim(), expected, template, source: 'template' });
  };
  const role = meta.profile;
  const place = meta.workLocations[0];
  const where = place ? (place.comune ?? place.provincia ?? place.regione) : undefined;
  const degree = meta.requiredDegrees[0];
  add('profile-administration', 'positive', { profile: role }, () => `${meta.procedure} ${role} ${meta.administration}`);
  add('profile-place', 'positive', { profile: role, 'work location': where }, () => `bandi per ${role} a ${where}`);
  add('region', 'positive', { 'work location': place, publicationDate: meta.publicationDate }, () => `concorsi pubblici in ${place!.regione} con scadenza dopo il ${itDate(meta.publicationDate!)}`);
  add('degree', 'positive', { 'required degree': degree }, () => `concorsi per laureati ${degree}${place ? ` in ${place.regione}` : ''}`);
  add('deadline', 'positive', {}, () => `${meta.administration} concorso scadenza ${itDate(meta.deadline)}`);
  const other = otherRegion(meta);
  add('other-region', 'negative', { profile: role, 'work location': other }, () => `bandi per ${role} in ${other}`);
  add('expired', 'negative', { profile: role, publicationDate: meta.publicationDate }, () => `${role} ${meta.administration} bandi scaduti prima del ${itDate(meta.publicationDate!)}`);
  return { queries, skipped };
}

export function templateQueries(meta: TenderMetadata): SearchQuery[] {
  return searchTemplates(meta).queries;
}

const variantsSchema = z.object({
  variants: z.array(z.object({ index: z.number().int().nonnegative(), query: z.string().min(3) })),
});

export async function generateSearchQueries(
  meta: TenderMetadata,
  llm?: RoleClient,
  opts: { perTemplate?: number; ctx?: CallContext } = {},
): Promise<SearchQuery[]> {
  const base = templateQueries(meta);
  if (!llm) return base;
  const per = opts.perTemplate ?? 2;
  const r = await llm.completeStructured({
    name: 'query_variants',
    schema: variantsSchema,
    ctx: opts.ctx,
    messages: [
      {
        role: 'system',
        content:
          `Rephrase each numbered search query as ${per} different messages an Italian citizen might type to a ` +
          'public-job chatbot (colloquial, with typos or abbreviations sometimes). Keep every constraint of ' +
          'the original (place, role, degree, dates) exactly: do not add or drop any. Reply with the index of ' +
          'the query each variant rephrases.',
      },
      { role: 'user', content: base.map((q, i) => `${i}. ${q.query}`).join('\n') },
    ],
  });
  if (!r.ok) return base;
  const variants = r.value.variants.flatMap((v) => {
    const origin = base[v.index];
    return origin ? [{ ...origin, query: v.query.trim(), source: 'llm' as const }] : [];
  });
  return [...base, ...variants];
}
