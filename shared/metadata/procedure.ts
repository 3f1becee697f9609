/**
 * Procedure type from the bando's opening (its title or first sentence). A notice of "avviso pubblico di
 * mobilità" is a mobilità (likewise a progressione); otherwise the kind named first in the opening wins.
 */
import type { Island, ProcedureEntity } from './types.ts';
import type { TenderMetadata } from '../tender/metadata.ts';
import { foldKeepLength, snippet } from './normalize.ts';

const KINDS: [TenderMetadata['procedure'], RegExp][] = [
  ['mobilita', /\bmobilita\b/],
  ['progressione', /\bprogression[ei]\s+(?:vertical|economic|tra le aree|di carriera)/],
  ['concorso', /\bconcors[oi]\b|\bcorso-concorso\b/],
  ['selezione', /\bselezion[ei]\b|\bprocedura selettiva\b|\bprocedura comparativa\b/],
  ['avviso', /\bavviso pubblico\b|\bmanifestazione di interesse\b/],
];

export function extractProcedure(text: string, _islands: Island[]): ProcedureEntity[] {
  const folded = foldKeepLength(text);
  // The opening: up to the first blank line or 400 characters, whichever comes first.
  const head = folded.slice(0, Math.min(400, folded.indexOf('\n\n') > 0 ? folded.indexOf('\n\n') : 400));
  // A mobilità (or progressione) is one whatever the notice is called; otherwise the kind the title opens
  // with ("Avviso pubblico di selezione" is an avviso, "Procedura di selezione … concorso" a selezione).
  let first: ProcedureEntity | undefined;
  for (const [value, re] of KINDS) {
    const m = re.exec(head);
    if (!m) continue;
    const e: ProcedureEntity = { kind: 'procedure', value, confidence: 0.9, evidence: snippet(text, m.index, m.index + m[0].length) };
    if (value === 'mobilita' || value === 'progressione') return [e];
    if (!first || m.index < first.evidence.start) first = e;
  }
  if (first) return [first];
  // Otherwise the earliest mention in the first part of the text, with less confidence.
  const body = folded.slice(0, 3000);
  let best: ProcedureEntity | undefined;
  for (const [value, re] of KINDS) {
    const m = re.exec(body);
    if (m && (!best || m.index < best.evidence.start)) best = { kind: 'procedure', value, confidence: 0.6, evidence: snippet(text, m.index, m.index + m[0].length) };
  }
  return best ? [best] : [];
}
