-- Mutation testing: one row per mutation run of a source run's stored transcripts (vaglio mutate).
CREATE TABLE mutation_runs (
  id text PRIMARY KEY,
  source_run_id text NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  operators text[] NOT NULL,
  mutants integer NOT NULL,
  killed integer NOT NULL,
  survived integer NOT NULL,
  not_applicable integer NOT NULL,
  score double precision,
  overall_score double precision,
  min_score double precision,
  gate_passed boolean,
  summary jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mutation_runs_source_idx ON mutation_runs (source_run_id, created_at DESC);
