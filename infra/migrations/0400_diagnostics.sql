-- Embedding-collection diagnostics (issue 9): one row per run and collection (verdict, failed checks,
-- metrics), and a bounded per-id vector-hash sketch per collection (latest run only) for drift.
CREATE TABLE diagnostics_results (
  run_id text NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  collection text NOT NULL,
  verdict text NOT NULL CHECK (verdict IN ('ok', 'ko')),
  failed jsonb NOT NULL DEFAULT '[]'::jsonb,
  metrics jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (run_id, collection)
);
CREATE INDEX diagnostics_results_collection_idx ON diagnostics_results (collection, created_at DESC);

CREATE TABLE diagnostics_fingerprints (
  collection text NOT NULL,
  id text NOT NULL,
  vector_hash text NOT NULL,
  run_id text NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  sketch_size integer NOT NULL,
  PRIMARY KEY (collection, id)
);
