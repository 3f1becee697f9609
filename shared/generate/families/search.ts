/**
 * Search-engine checks: queries from metadata templates (and generateSearchQueries' templates and, with a model,
 * rephrasings), each with an expected outcome. Positive: the search tool (the target's search role) must return
 * this tender. Negative: it must not (another region). A query naming a region must not return the ingested
 * tenders of other regions. A query naming the tender's administration may name a single bando: reading that
 * bando with the tender tool is a correct answer too. Templates whose fields the metadata lacks are skipped,
 * with the reason (opts.onSkip).
 */
import type { CheckSpecInput } from '../../checks/index.ts';
import { generateSearchQueries, searchTemplates, type SearchQuery } from '../../llm/index.ts';
import type { SkippedTemplate } from '../../llm/index.ts';
import type { TenderMetadata } from '../../tender/metadata.ts';
import type { GeneratedCase, GenerateOptions, TenderInput } from '../types.ts';
import { slug } from '../italian.ts';
import { makeCase } from './common.ts';

const REGION_ALIASES: Record<string, string> = {
  "valle d'aosta/vallée d'aoste": "valle d'aosta",
  'trentino-alto adige/südtirol': 'trentino-alto adige',
};
const regionKey = (r: string) => REGION_ALIASES[r.toLowerCase()] ?? r.toLowerCase();

// 'expired' and 'region' ("… con scadenza dopo il <publication date>") ask for a date filter no search tool is
// required to have; a correct chatbot may rightly ask which bando is meant. The region is searched by region-profile.
const UNFAIR_TEMPLATES = new Set(['expired', 'region']);

/** A degree written as a class code or a named laurea reads well after "laureati in". */
function isLaurea(degree: string): boolean {
  return /^(L|LM|LMG|LM-SNT|L\/SNT)[-/ ]?\d/i.test(degree) || /laurea/i.test(degree);
}

function ownTemplates(meta: TenderMetadata, skipped: SkippedTemplate[]): SearchQuery[] {
  const out: SearchQuery[] = [];
  const loc = meta.workLocations[0];
  const city = loc?.comune ?? loc?.provincia;
  const degree = meta.requiredDegrees.find(isLaurea);
  if (!degree || !city) skipped.push({ template: 'degree-city', reason: `the metadata has no ${!degree ? 'laurea among the required degrees' : 'comune or provincia'}` });
  else {
    out.push({ query: `concorsi per laureati in ${degree} a ${city}`, expected: 'positive', template: 'degree-city', source: 'template' });
  }
  if (!loc || !meta.profile) skipped.push({ template: 'region-profile', reason: `the metadata has no ${!loc ? 'work location' : 'profile'}` });
  else {
    out.push({ query: `bandi in ${loc.regione.split('/')[0]} per ${meta.profile}`, expected: 'positive', template: 'region-profile', source: 'template' });
  }
  return out;
}

/** The region a query names, if any of the tenders' regions appears in it. */
function regionNamed(query: string, regions: string[]): string | undefined {
  const q = query.toLowerCase();
  return regions.find((r) => q.includes(regionKey(r)));
}

export async function searchFamily(tender: TenderInput, opts: GenerateOptions): Promise<GeneratedCase[]> {
  const meta = tender.metadata;
  const generated = await generateSearchQueries(meta, opts.llm);
  // The shared 'degree' template reads "laureati <degree>": meaningless for a diploma.
  const laurea = meta.requiredDegrees[0] !== undefined && isLaurea(meta.requiredDegrees[0]);
  // 'expired' ("… bandi scaduti prima del <publication date>") asks for a date filter no search tool is
  // required to have, and its expectation (the tender is absent) rests on it: an unfair test, dropped.
  const skipped = [...searchTemplates(meta).skipped];
  const queries = [...ownTemplates(meta, skipped), ...generated.filter((q) => (q.template !== 'degree' || laurea) && !UNFAIR_TEMPLATES.has(q.template))];
  for (const s of skipped) opts.onSkip?.({ family: 'search', tenderId: tender.id, ...s });
  const others = (opts.otherTenders ?? []).filter((t) => t.id !== tender.id);
  const allRegions = [...new Set([meta, ...others.map((o) => o.metadata)].flatMap((m) => m.workLocations.map((l) => l.regione)))];
  const seen = new Set<string>();
  const counters = new Map<string, number>();
  const out: GeneratedCase[] = [];
  for (const q of queries) {
    if (seen.has(q.query.toLowerCase())) continue;
    seen.add(q.query.toLowerCase());
    const n = (counters.get(q.template) ?? 0) + 1;
    counters.set(q.template, n);
    const region = regionNamed(q.query, allRegions);
    const otherRegion = region
      ? others.filter((o) => o.metadata.workLocations.length > 0 && !o.metadata.workLocations.some((l) => regionKey(l.regione) === regionKey(region))).map((o) => o.id)
      : [];
    // Naming the administration may name this one bando: its tender tool with the right id answers it too.
    const namesBando = q.expected === 'positive' && q.query.toLowerCase().includes(meta.administration.toLowerCase());
    const check: CheckSpecInput =
      q.expected === 'positive'
        ? { type: 'search-results', id: 'finds-tender', include: [tender.id], ...(otherRegion.length ? { exclude: otherRegion } : {}), ...(namesBando ? { acceptTenderLookup: true } : {}) }
        : { type: 'search-results', id: 'excludes-tender', exclude: [tender.id, ...otherRegion] };
    const searches: CheckSpecInput = namesBando
      ? { type: 'tool-use', id: 'searches', mode: 'any', tools: [{ role: 'search' }, { role: 'tender', args: { id: { equals: tender.id } } }] }
      : { type: 'tool-use', id: 'searches', tools: [{ role: 'search' }] };
    out.push(
      makeCase(
        tender,
        opts,
        {
          family: 'search',
          key: `${slug(q.template, 24)}-${q.source}-${n}`,
          turns: [q.query],
          checks: [searches, check],
          tags: [q.expected],
        },
        {
          generator: q.source === 'llm' ? 'llm' : 'template',
          template: q.template,
          note: `expected ${q.expected}${region ? `; names region ${region}` : ''}`,
          ...(otherRegion.length ? { otherTenders: otherRegion } : {}),
        },
      ),
    );
  }
  return out;
}
