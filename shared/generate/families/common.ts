/** Check builders and case scaffolding shared by the families. */
import type { CheckSpecInput } from '../../checks/index.ts';
import type { TenderMetadata } from '../../tender/metadata.ts';
import type { CaseSpec, GeneratedCase, GenerateOptions, Provenance, TenderInput } from '../types.ts';

/**
 * The bot must read this bando's text with its tender tool (a role, resolved against the target's roles when
 * the check runs); answering a content question from memory is a hard failure.
 */
export function readsTender(id: string, turn?: number): CheckSpecInput {
  return {
    type: 'tool-use',
    id: turn === undefined ? 'reads-tender' : `reads-tender-t${turn}`,
    tools: [{ role: 'tender', args: { id: { equals: id } } }],
    hard: true,
    ...(turn === undefined ? {} : { turn }),
  };
}

export const answers: CheckSpecInput = { type: 'answer-presence', id: 'answers' };

export function setIdOf(tender: Pick<TenderInput, 'id' | 'version'>): string {
  return `gen.${tender.id}.v${tender.version}`;
}

export function tenderVars(meta: TenderMetadata): Record<string, string> {
  return {
    tenderId: meta.id,
    title: meta.title,
    administration: meta.administration,
    profile: meta.profile ?? meta.title,
  };
}

export function makeCase(
  tender: TenderInput,
  opts: Pick<GenerateOptions, 'today'>,
  c: { family: Provenance['family']; key: string; turns: string[]; checks: CheckSpecInput[]; expected?: string; tags?: string[]; simulate?: CaseSpec['simulate'] },
  provenance: Omit<Provenance, 'family' | 'tenderId' | 'version'>,
): GeneratedCase {
  const testId = `${c.family}.${c.key}`;
  const spec: CaseSpec = {
    setId: setIdOf(tender),
    caseId: `${tender.id}.${testId}`,
    setType: c.turns.length > 1 ? 'conversation' : 'single',
    turns: c.turns,
    ...(c.expected !== undefined ? { expected: c.expected } : {}),
    vars: tenderVars(tender.metadata),
    checks: c.checks,
    tags: ['generated', c.family, ...(c.tags ?? [])],
    tenderId: tender.id,
    family: c.family,
    today: opts.today,
    ...(c.simulate ? { simulate: c.simulate } : {}),
  };
  return { testId, family: c.family, spec, provenance: { family: c.family, tenderId: tender.id, version: tender.version, ...provenance } };
}
