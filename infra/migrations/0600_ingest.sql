-- Ingestion (shared/ingest/) and per-tender generated tests (shared/generate/).
CREATE TABLE tenders (
  id text PRIMARY KEY,
  source text NOT NULL,
  current_version integer NOT NULL,
  metadata jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every distinct content of a tender; a new version only when the hash of text + metadata changes.
CREATE TABLE tender_versions (
  tender_id text NOT NULL REFERENCES tenders (id) ON DELETE CASCADE,
  version integer NOT NULL,
  content_hash text NOT NULL,
  text text NOT NULL,
  articles jsonb NOT NULL DEFAULT '[]'::jsonb,
  metadata jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tender_id, version)
);

CREATE TABLE ingestion_errors (
  id bigserial PRIMARY KEY,
  source text NOT NULL,
  external_id text NOT NULL,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  run_id text
);
CREATE INDEX ingestion_errors_run_idx ON ingestion_errors (run_id) WHERE run_id IS NOT NULL;

-- Tests generated from one tender version; re-generating the same version inserts nothing new.
CREATE TABLE generated_tests (
  tender_id text NOT NULL,
  version integer NOT NULL,
  test_id text NOT NULL,
  family text NOT NULL,
  spec jsonb NOT NULL,
  provenance jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tender_id, version, test_id)
);
