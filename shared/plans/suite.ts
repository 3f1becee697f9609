/**
 * The default suite for a set of ingested tenders: per tender the generated tests (boilerplate, facts, search,
 * scope switching), the metadata verification and the tender's verdict; globally a red-team selection and the
 * embedding diagnostics; the report last. Used by the demo, the daily run (through run expansion) and the
 * self-test.
 */
import { z } from 'zod';
import type { Sql } from '../db/client.ts';
import type { TaskSpec } from '../engine/dag.ts';
import { generateTenderTests, saveGeneratedTests, familySchema, type Family } from '../generate/index.ts';
import { loadCurrentTenders } from '../ingest/index.ts';
import { casePayloadSchema } from '../eval/payloads.ts';
import { targetConfigSchema, type TargetConfig } from '../targets/index.ts';
import { LLM_CHECK_TYPES } from '../checks/index.ts';
import type { RoleClient } from '../llm/index.ts';
import { keyMaker } from './keys.ts';
import { redteamSelectionSchema, redteamTasks, reportTask } from './eval.ts';
import { diagnosticsPayloadSchema } from '../tasks/diagnostics.ts';
import { mutateOptionSchema, mutateTask } from './mutate.ts';
import { expiredOn } from '../redteam/context.ts';

type KnownBando = { id: string; title: string; deadline: string };

export const suiteOptionsSchema = z.object({
  target: targetConfigSchema,
  today: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Tender ids to cover (default: every current tender). */
  tenderIds: z.array(z.string()).optional(),
  families: z.array(familySchema).optional(),
  /** Where metadata.verify reads the metadata the chatbot's search uses. */
  metadataFrom: z.enum(['tenders', 'demo']).default('tenders'),
  redteam: redteamSelectionSchema.optional(),
  diagnostics: z.array(diagnosticsPayloadSchema).default([]),
  threshold: z.number().min(0).max(1).optional(),
  /** After the report, mutation-test the suite on this run's own transcripts. */
  mutate: mutateOptionSchema.optional(),
});
export type SuiteOptions = z.input<typeof suiteOptionsSchema>;

const isLlm = (t: string) => (LLM_CHECK_TYPES as readonly string[]).includes(t);

/** The tasks of some tenders: cases (+ judge), metadata verification, and each tender's verdict. */
export async function tenderTasks(
  sql: Sql,
  ids: string[] | undefined,
  o: { target: TargetConfig; today: string; families?: Family[]; metadataFrom: 'tenders' | 'demo'; generator?: RoleClient },
  key: (raw: string) => string,
): Promise<{ tasks: TaskSpec[]; tenders: number; cases: number; bandi: KnownBando[] }> {
  const all = await loadCurrentTenders(sql);
  const tenders = ids ? all.filter((t) => ids.includes(t.id)) : all;
  const tasks: TaskSpec[] = [];
  let cases = 0;
  for (const [i, t] of tenders.entries()) {
    // A partner tender (round robin) for scope switching; the others are the negatives of region searches.
    // Both come from the tender's own source: the chatbot under test serves that corpus, not another one.
    const others = all.filter((x) => x.id !== t.id && x.source === t.source);
    const partner = others[i % Math.max(1, others.length)];
    const ordered = [...(partner ? [partner] : []), ...others.filter((x) => x !== partner)];
    const generated = await generateTenderTests(
      { id: t.id, version: t.version, text: t.text, metadata: t.metadata },
      { today: o.today, families: o.families, llm: o.generator, otherTenders: ordered.map((x) => ({ id: x.id, version: x.version, text: x.text, metadata: x.metadata })) },
    );
    await saveGeneratedTests(sql, { id: t.id, version: t.version }, generated);
    const own: string[] = [];
    for (const g of generated) {
      const payload = casePayloadSchema.parse({ ...g.spec, target: o.target, today: o.today, family: g.family, tenderId: t.id });
      const caseKey = key(`case.${g.spec.caseId}`);
      tasks.push({ key: caseKey, kind: 'eval.converse', payload });
      own.push(caseKey);
      if (Array.isArray(payload.checks) && payload.checks.some((c) => isLlm(c.type))) {
        const judgeKey = key(`judge.${g.spec.caseId}`);
        tasks.push({ key: judgeKey, kind: 'eval.judge', payload: { caseTask: caseKey, case: payload }, dependsOn: [caseKey] });
        own.push(judgeKey);
      }
      cases++;
    }
    const metaKey = key(`metadata.${t.id}`);
    tasks.push({ key: metaKey, kind: 'metadata.verify', payload: { tenderId: t.id, from: o.metadataFrom } });
    own.push(metaKey);
    const hasDependent = new Set(tasks.flatMap((x) => x.dependsOn ?? []));
    tasks.push({ key: key(`tender.${t.id}`), kind: 'tender.verdict', payload: { tenderId: t.id }, dependsOn: own.filter((k) => !hasDependent.has(k)) });
  }
  const bandi = tenders.map((t) => ({ id: t.id, title: t.metadata.title, deadline: t.metadata.deadline }));
  return { tasks, tenders: tenders.length, cases, bandi };
}

/** Red-team and diagnostics tasks; `after` (the daily run's ingestion) comes first, so detectors see today's corpus. */
export function globalTasks(o: z.output<typeof suiteOptionsSchema>, key: (raw: string) => string, after: string[] = []): TaskSpec[] {
  const tasks: TaskSpec[] = [];
  if (o.redteam) tasks.push(...redteamTasks(o.redteam, o.target, key, { today: o.today, dependsOn: after }));
  for (const d of o.diagnostics) tasks.push({ key: key(`diagnostics.${d.collection}`), kind: 'diagnostics.collection', payload: d });
  return tasks;
}

export async function buildSuite(sql: Sql, input: SuiteOptions): Promise<{ tasks: TaskSpec[]; tenders: number; cases: number }> {
  const o = suiteOptionsSchema.parse(input);
  const key = keyMaker();
  const per = await tenderTasks(sql, o.tenderIds, o, key);
  // The detectors know the suite's own bandi, not every tender the database holds (another corpus, another bot's).
  // Bandi given explicitly in the selection win.
  const explicit = o.redteam?.detectorOptions;
  const redteam =
    o.redteam && explicit && o.tenderIds
      ? {
          ...o.redteam,
          detectorOptions: {
            ...explicit,
            knownBandi: explicit.knownBandi ?? per.bandi,
            expiredBandi: explicit.expiredBandi.length ? explicit.expiredBandi : expiredOn(per.bandi, o.today),
          },
        }
      : o.redteam;
  const tasks = [...per.tasks, ...globalTasks({ ...o, redteam }, key)];
  tasks.push(reportTask(tasks, o.threshold));
  if (o.mutate) tasks.push(mutateTask(o.mutate));
  return { tasks, tenders: per.tenders, cases: per.cases };
}
