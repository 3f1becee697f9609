/**
 * `vaglio target probe`: plays a handful of standard questions against a target (each in a new
 * conversation), shows the tool calls and outputs it observed, and proposes the `roles:` block, plus
 * response paths when the configured ones do not find the answer or the tool calls. See infer-*.ts.
 */
import { stringify } from 'yaml';
import { TargetError } from '../errors.ts';
import { STREAM_JOIN, mapResponse, responseMappingSchema, type ResponseMapping } from '../response-mapping.ts';
import type { TargetConfig } from '../registry.ts';
import type { Target } from '../types.ts';
import { extractTenderIds } from '../search-results.ts';
import { inferPaths, type PathCandidates } from './infer-paths.ts';
import { guessSearch, proposeRoles, SEARCH_TOPIC, type Observed, type QuestionKind } from './infer-roles.ts';

export const PROBE_QUESTIONS: { kind: Exclude<QuestionKind, 'content'>; question: string }[] = [
  { kind: 'greeting', question: 'Buongiorno! Di cosa si occupa e come può aiutarmi?' },
  { kind: 'faq', question: 'Come si presenta la domanda di partecipazione a un concorso pubblico? Serve lo SPID o una PEC?' },
  { kind: 'search', question: 'Quali bandi di concorso sono aperti in questo momento? Me ne elenchi alcuni.' },
  { kind: 'search', question: `Cerco un concorso per ${SEARCH_TOPIC.join(' ')}: ci sono bandi?` },
];
export const contentQuestion = (id: string) => `Qual è la scadenza per presentare la domanda del bando ${id}? Quanti posti prevede?`;

export interface ProbeObservation extends Observed {
  answer?: string;
  error?: string;
  raw: unknown;
  latencyMs?: number;
  /** The answer or tool calls shown were read with the proposed paths, not the configured ones. */
  readWithProposal?: boolean;
}

export interface ProbeReport {
  observations: ProbeObservation[];
  tenderId?: string;
  /** Set when the configured mapping missed the answer or the tool calls and better paths were found. */
  response?: { answer: string; toolCalls?: PathCandidates['toolCalls'] };
  roles: ReturnType<typeof proposeRoles>['roles'];
  notes: string[];
  /** What the user pastes into the target file. */
  yaml: string;
}

/** The mapping the target uses, when it is a path mapping (http, directline). */
function configuredMapping(config: TargetConfig): ResponseMapping | undefined {
  return 'response' in config && config.response ? config.response : undefined;
}

async function ask(target: Target, kind: QuestionKind, question: string, signal: AbortSignal): Promise<ProbeObservation> {
  try {
    const reply = await target.send({ message: question, history: [], vars: {} }, signal);
    return { kind, question, answer: reply.text, toolCalls: reply.toolCalls, raw: reply.raw, latencyMs: reply.latencyMs };
  } catch (err) {
    if (signal.aborted) throw err;
    const raw = err instanceof TargetError ? err.raw : undefined;
    const error = err instanceof TargetError ? `${err.kind}: ${err.message}` : (err as Error).message;
    return { kind, question, toolCalls: [], raw, error };
  }
}

function proposedMapping(config: TargetConfig, observations: ProbeObservation[]): ProbeReport['response'] {
  const configured = configuredMapping(config);
  const answered = observations.some((o) => o.answer !== undefined);
  const anyCalls = observations.some((o) => o.toolCalls.length > 0);
  if (config.type === 'openai' || (answered && anyCalls)) return undefined;
  const candidates = inferPaths(observations.map((o) => o.raw).filter((r) => r !== undefined));
  const answer = answered ? configured?.answer : candidates.answer;
  if (!answer || (answered && !candidates.toolCalls)) return undefined;
  return { answer, ...(candidates.toolCalls ? { toolCalls: candidates.toolCalls } : {}) };
}

/** Observations re-read with the proposed paths where the configured mapping missed the answer or the calls. */
function withProposal(observations: ProbeObservation[], proposal: ProbeReport['response']): ProbeObservation[] {
  if (!proposal) return observations;
  const mapping = responseMappingSchema.parse({ answer: proposal.answer, ...(proposal.toolCalls ? { toolCalls: proposal.toolCalls } : {}) });
  return observations.map((o) => {
    if (o.raw === undefined || (o.answer !== undefined && o.toolCalls.length > 0)) return o;
    try {
      const mapped = mapResponse(mapping, o.raw, { defaultJoin: Array.isArray(o.raw) ? STREAM_JOIN : '\n' });
      const { error: _missed, ...rest } = o;
      return { ...rest, answer: o.answer ?? mapped.text, toolCalls: o.toolCalls.length > 0 ? o.toolCalls : mapped.toolCalls, readWithProposal: true };
    } catch {
      return o;
    }
  });
}

export async function probeTarget(
  target: Target,
  config: TargetConfig,
  opts: { tenderId?: string; signal: AbortSignal; onQuestion?: (kind: QuestionKind, question: string) => void },
): Promise<ProbeReport> {
  let observations: ProbeObservation[] = [];
  for (const q of PROBE_QUESTIONS) {
    opts.onQuestion?.(q.kind, q.question);
    observations.push(await ask(target, q.kind, q.question, opts.signal));
  }
  // The content question needs a bando: the one given, else the first the search tool listed.
  let proposal = proposedMapping(config, observations);
  let tenderId = opts.tenderId;
  if (!tenderId) {
    const search = guessSearch(withProposal(observations, proposal));
    const call = search && withProposal(observations, proposal).flatMap((o) => o.toolCalls).find((c) => c.name === search.tool);
    const read = call && search ? extractTenderIds(call.result, search.results) : undefined;
    tenderId = read?.ok ? read.ids[0] : undefined;
  }
  if (tenderId) {
    opts.onQuestion?.('content', contentQuestion(tenderId));
    observations.push(await ask(target, 'content', contentQuestion(tenderId), opts.signal));
  }
  proposal = proposedMapping(config, observations);
  observations = withProposal(observations, proposal);
  const search = guessSearch(observations, opts.tenderId);
  const { roles, notes } = proposeRoles(observations, tenderId, search);
  if (observations.every((o) => o.error) && !proposal) notes.unshift('no question got an answer: check the url, the headers and the start request first');
  const block: Record<string, unknown> = {};
  if (proposal) {
    const configured = configuredMapping(config);
    block.response = { ...(configured ?? {}), answer: proposal.answer, ...(proposal.toolCalls ? { toolCalls: proposal.toolCalls } : {}) };
  }
  block.roles = roles;
  return { observations, ...(tenderId ? { tenderId } : {}), ...(proposal ? { response: proposal } : {}), roles, notes, yaml: stringify(block, { lineWidth: 0 }) };
}
