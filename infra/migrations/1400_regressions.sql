-- The stored regression set: cases filed by POST /feedback (and captures), replayed by every daily run and
-- open until their latest result is a pass. The case is kept as written in a scenario file.
CREATE TABLE regression_cases (
  id text PRIMARY KEY,
  set_type text NOT NULL CHECK (set_type IN ('single', 'conversation')),
  spec jsonb NOT NULL,
  source text NOT NULL DEFAULT 'feedback' CHECK (source IN ('feedback', 'capture')),
  note text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The latest result of a case by its set and id (a regression's status is read this way).
CREATE INDEX case_results_case_idx ON case_results (set_id, case_id, updated_at DESC);
