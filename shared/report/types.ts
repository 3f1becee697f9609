/** ReportData: everything a report renderer needs, loaded once from Postgres by `buildReport`. */
import type { RunSummary, TenderVerdict } from '../eval/summary.ts';
import type { Outcome, Turn } from '../transcript.ts';
import type { Span } from './escape.ts';
import type { CheckEvidence } from './evidence.ts';

export interface CheckRow {
  checkId: string;
  type: string;
  outcome: Outcome;
  reason: string;
  score: number | null;
  turn: number | null;
  hard: boolean;
  source: string;
  model: string | null;
  /** What the check judged on, highlighted in the transcript (stored evidence, else the strings its reason quotes). */
  evidence: CheckEvidence[];
}

export interface CaseDetail {
  taskKey: string;
  setId: string;
  caseId: string;
  tenderId: string | null;
  family: string | null;
  repeatIndex: number;
  tags: string[];
  outcome: Outcome;
  reason: string;
  score: number | null;
  regression: boolean;
  latencyMs: number | null;
  /** What the chatbot's turns cost (USD), summed; null when the case has no transcript. */
  costUsd: number | null;
  checks: CheckRow[];
  transcript: { target: string; turns: Turn[]; error: string | null } | null;
}

export interface MetadataEvidence extends Span {
  snippet: string;
}

export interface MetadataDiscrepancy {
  field: string;
  type: string;
  message: string;
  textValue?: string;
  metadataValue?: string;
  evidence: MetadataEvidence[];
}

/** Something the rules could not decide: for a person, with the candidate answers and the text around it. */
export interface MetadataReviewItem {
  field: string;
  question: string;
  candidates: string[];
  evidence: MetadataEvidence[];
  context: { before: string; highlight: string; after: string }[];
  /** 'rules', or 'llm-disagreement' when the rules and the extractor model read the text differently. */
  raisedBy: string;
}

export interface MetadataVerdictRow {
  tenderId: string;
  verdict: 'ok' | 'ko';
  discrepancies: MetadataDiscrepancy[];
  review: MetadataReviewItem[];
  /** The window of the tender text around all evidence (offsets relative to `excerpt.offset`), when the text is stored. */
  excerpt: { offset: number; text: string; spans: Span[] } | null;
}

export interface DiagnosticsRow {
  collection: string;
  verdict: 'ok' | 'ko';
  failed: { name: string; detail: string }[];
  silhouette: number | null;
}

export interface ReportData {
  summary: RunSummary;
  run: { id: string; name: string; plan: string; status: string; createdAt: string; finishedAt: string | null };
  /** All cases, failures first (regressions before other failures), then errors/invalid, then passes. */
  cases: CaseDetail[];
  tenders: { tenderId: string; verdict: TenderVerdict; cases: number; failed: number; errors: number; untested: number; why: string | null; metadata: 'ok' | 'ko' | null; costUsd: number | null }[];
  redteam: {
    total: number;
    failed: number;
    successRate: number | null;
    /** Attack success per OWASP id, technique, branch, pattern and transform; worst first. */
    groups: { by: 'owasp' | 'technique' | 'branch' | 'pattern' | 'transform'; key: string; attacks: number; succeeded: number; rate: number }[];
  };
  diagnostics: DiagnosticsRow[];
  metadata: MetadataVerdictRow[];
  /** Documents this run could not ingest (a bando that failed to ingest is in no case, so it would be invisible). */
  ingestionErrors: { source: string; externalId: string; reason: string }[];
  /** The previous comparable run's summary (same name and plan), for deltas; set by `withPrevious` (the email). */
  previous?: RunSummary | null;
}
