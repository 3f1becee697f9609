/**
 * The demo chatbot's tools: real functions over the `demo` schema, with zod argument schemas and the
 * JSON schemas declared to an LLM. Add one: its zod schema, its function, an entry in TOOLS (the Record
 * over the ToolName enum makes a missing one a compile error) and a test in test/demo-chatbot/tools.test.ts.
 */
import { z } from 'zod';
import type { Sql } from '../../shared/db/client.ts';
import { parseTenderMarkdown, type Article } from './corpus.ts';
import type { FaultSet } from './faults.ts';
import { degreeKey, queryWords, regionKey } from './text.ts';

export interface ToolContext {
  sql: Sql;
  today: string;
  faults: FaultSet;
}

export const searchArgsSchema = z.object({
  query: z.string().default(''),
  region: z.string().min(1).optional(),
  degree: z.string().min(1).optional(),
  openOnly: z.boolean().optional(),
  /** Only bandi whose deadline is on or after this date ("con scadenza dopo il 17/11/2026"). */
  deadlineAfter: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
});
export type SearchArgs = z.infer<typeof searchArgsSchema>;

export interface SearchHit {
  id: string;
  title: string;
  administration: string;
  region: string | null;
  deadline: string;
}

const SEARCH_LIMIT = 10;

export async function searchTenders(ctx: ToolContext, raw: unknown): Promise<SearchHit[]> {
  const args = searchArgsSchema.parse(raw);
  const { sql } = ctx;
  // The `ignore-region-filter` fault: the argument arrives but the filter is silently dropped.
  const region = ctx.faults.has('ignore-region-filter') ? undefined : args.region;
  const filters = sql`
    ${region ? sql`and (lower(regexp_replace(split_part(t.region, '/', 1), '[^A-Za-z]', '', 'g')) = ${regionKey(region)}
      or exists (select 1 from jsonb_array_elements(t.metadata->'workLocations') w
        where lower(regexp_replace(split_part(w->>'regione', '/', 1), '[^A-Za-z]', '', 'g')) = ${regionKey(region)}))` : sql``}
    ${args.degree ? sql`and exists (select 1 from jsonb_array_elements_text(t.metadata->'requiredDegrees') d
      where regexp_replace(upper(regexp_replace(d, '[^A-Za-z0-9]', '', 'g')), '^([A-Z]*)0+([0-9])', '\\1\\2')
        = ${degreeKey(args.degree)})` : sql``}
    ${args.openOnly ? sql`and (t.metadata->>'deadline') >= ${ctx.today}` : sql``}
    ${args.deadlineAfter ? sql`and (t.metadata->>'deadline') >= ${args.deadlineAfter}` : sql``}`;
  const run = (q: ReturnType<typeof sql>) => sql<SearchHit[]>`
    select t.id, t.title, t.administration, t.region, t.metadata->>'deadline' as deadline
    from demo.tenders t, ${q} as q
    where (numnode(q.q) = 0 or t.tsv @@ q.q) ${filters}
    order by ts_rank(t.tsv, q.q) desc, t.metadata->>'deadline', t.id
    limit ${SEARCH_LIMIT}`;
  const words = queryWords(args.query);
  if (words.length === 0) return run(sql`(select ''::tsquery as q)`);
  const all = await run(sql`(select websearch_to_tsquery('italian', ${args.query}) as q)`);
  if (all.length > 0) return all;
  // OR fallback: any of the words (stop words drop out inside to_tsquery).
  return run(sql`(select to_tsquery('italian', ${words.join(' | ')}) as q)`);
}

export const tenderTextArgsSchema = z.object({ id: z.string().min(1) });

export interface TenderText {
  id: string;
  title: string;
  text: string;
  articles: Article[];
}

export async function getTenderText(ctx: ToolContext, raw: unknown): Promise<TenderText | { error: string }> {
  const { id } = tenderTextArgsSchema.parse(raw);
  const [row] = await ctx.sql<{ id: string; title: string; text: string }[]>`
    select id, title, text from demo.tenders where id = ${id}`;
  if (!row) return { error: `nessun bando con codice ${id}` };
  return { ...row, articles: parseTenderMarkdown(row.text).articles };
}

export const faqArgsSchema = z.object({ query: z.string().min(1) });

export interface FaqHit {
  id: string;
  question: string;
  answer: string;
}

export async function getFaq(ctx: ToolContext, raw: unknown): Promise<FaqHit[]> {
  const { query } = faqArgsSchema.parse(raw);
  const words = queryWords(query);
  if (words.length === 0) return [];
  return ctx.sql<FaqHit[]>`
    select id, question, answer from demo.faq, to_tsquery('italian', ${words.join(' | ')}) q
    where tsv @@ q
    order by ts_rank(setweight(to_tsvector('italian', question), 'A') || tsv, q) desc, id
    limit 3`;
}

export const toolNameSchema = z.enum(['search_tenders', 'get_tender_text', 'get_faq']);
export type ToolName = z.infer<typeof toolNameSchema>;

interface ToolSpec {
  description: string;
  parameters: Record<string, unknown>;
  run: (ctx: ToolContext, args: unknown) => Promise<unknown>;
}

export const TOOLS: Record<ToolName, ToolSpec> = {
  search_tenders: {
    description: 'Cerca bandi di concorso per parole chiave, con filtri opzionali di regione, classe di laurea e apertura.',
    parameters: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'parole chiave (profilo, ente, materia)' },
        region: { type: 'string', description: 'una delle 20 regioni italiane, es. "Toscana"' },
        degree: { type: 'string', description: 'classe di laurea richiesta, es. "LM-56" o "L-18"' },
        openOnly: { type: 'boolean', description: 'solo bandi con scadenza non ancora passata' },
        deadlineAfter: { type: 'string', description: 'solo bandi con scadenza da questa data in poi (AAAA-MM-GG)' },
      },
      required: ['query'],
    },
    run: searchTenders,
  },
  get_tender_text: {
    description: 'Restituisce il testo completo di un bando, diviso in articoli.',
    parameters: { type: 'object', properties: { id: { type: 'string', description: 'codice del bando' } }, required: ['id'] },
    run: getTenderText,
  },
  get_faq: {
    description: 'Cerca nelle domande frequenti (SPID, registrazione al portale inPA, equipollenza dei titoli).',
    parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    run: getFaq,
  },
};

export interface ExecutedToolCall {
  name: ToolName;
  arguments: Record<string, unknown>;
  result: unknown;
}

/** Run a tool and record the call as the HTTP API reports it. */
export async function callTool(ctx: ToolContext, name: ToolName, args: Record<string, unknown>): Promise<ExecutedToolCall> {
  const result = await TOOLS[name].run(ctx, args);
  return { name, arguments: args, result };
}
