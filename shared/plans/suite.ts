/**
 * The default suite for a set of ingested tenders: per tender the generated tests (boilerplate, facts, search,
 * scope switching) and the metadata verification; globally a red-team selection and the embedding
 * diagnostics; the report last. Used by the demo, the daily run and the self-test.
 */
import type { Sql } from '../db/client.ts';
import type { TaskSpec } from '../engine/dag.ts';
import { generateTenderTests, saveGeneratedTests, type Family } from '../generate/index.ts';
import { loadCurrentTenders } from '../ingest/index.ts';
import { casePayloadSchema } from '../eval/payloads.ts';
import type { TargetConfig } from '../targets/index.ts';
import { LLM_CHECK_TYPES } from '../checks/index.ts';
import { keyMaker } from './keys.ts';
import { redteamSelectionSchema, redteamTasks, reportTask, type RedteamSelection } from './eval.ts';
import type { z } from 'zod';
import type { diagnosticsPayloadSchema } from '../tasks/diagnostics.ts';

export interface SuiteOptions {
  target: TargetConfig;
  today: string;
  /** Tender ids to cover (default: every current tender). */
  tenderIds?: string[];
  families?: Family[];
  /** Where metadata.verify reads the metadata the chatbot's search uses. */
  metadataFrom?: 'tenders' | 'demo';
  redteam?: RedteamSelection;
  diagnostics?: z.input<typeof diagnosticsPayloadSchema>[];
  threshold?: number;
}

const isLlm = (t: string) => (LLM_CHECK_TYPES as readonly string[]).includes(t);

export async function buildSuite(sql: Sql, o: SuiteOptions): Promise<{ tasks: TaskSpec[]; tenders: number; cases: number }> {
  const all = await loadCurrentTenders(sql);
  const tenders = o.tenderIds ? all.filter((t) => o.tenderIds!.includes(t.id)) : all;
  const key = keyMaker();
  const tasks: TaskSpec[] = [];
  let cases = 0;
  for (const [i, t] of tenders.entries()) {
    // The next tender (wrapping) is the scope-switch partner and the source of negative search results.
    const others = all.filter((x) => x.id !== t.id);
    const partner = others[i % Math.max(1, others.length)];
    const input = { id: t.id, version: t.version, text: t.text, metadata: t.metadata };
    const generated = await generateTenderTests(input, {
      today: o.today,
      families: o.families,
      otherTenders: [...(partner ? [partner] : []), ...others.filter((x) => x !== partner)].map((x) => ({
        id: x.id,
        version: x.version,
        text: x.text,
        metadata: x.metadata,
      })),
    });
    await saveGeneratedTests(sql, { id: t.id, version: t.version }, generated);
    for (const g of generated) {
      const payload = casePayloadSchema.parse({ ...g.spec, target: o.target, today: o.today, family: g.family, tenderId: t.id });
      const caseKey = key(`case.${g.spec.caseId}`);
      tasks.push({ key: caseKey, kind: 'eval.converse', payload });
      if (payload.checks.some((c) => isLlm(c.type))) {
        tasks.push({ key: key(`judge.${g.spec.caseId}`), kind: 'eval.judge', payload: { caseTask: caseKey, case: payload }, dependsOn: [caseKey] });
      }
      cases++;
    }
    tasks.push({ key: key(`metadata.${t.id}`), kind: 'metadata.verify', payload: { tenderId: t.id, from: o.metadataFrom ?? 'tenders' } });
  }
  if (o.redteam) tasks.push(...redteamTasks(redteamSelectionSchema.parse(o.redteam), o.target, key));
  for (const d of o.diagnostics ?? []) tasks.push({ key: key(`diagnostics.${d.collection}`), kind: 'diagnostics.collection', payload: d });
  tasks.push(reportTask(tasks, o.threshold));
  return { tasks, tenders: tenders.length, cases };
}
