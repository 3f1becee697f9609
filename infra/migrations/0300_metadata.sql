-- Metadata verification: one verdict per tender per run (services/metadata-extractor/lib/save.ts).
CREATE TABLE metadata_checks (
  run_id text NOT NULL,
  tender_id text NOT NULL,
  discrepancies jsonb NOT NULL DEFAULT '[]'::jsonb,
  ambiguous jsonb NOT NULL DEFAULT '[]'::jsonb,
  entities jsonb NOT NULL DEFAULT '{}'::jsonb,
  verdict text NOT NULL CHECK (verdict IN ('ok', 'ko')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (run_id, tender_id)
);
CREATE INDEX metadata_checks_ko_idx ON metadata_checks (run_id) WHERE verdict = 'ko';
