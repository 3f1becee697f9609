-- Evaluation results: one transcript and one case result per converse task, one row per check result.
CREATE TABLE transcripts (
  run_id text NOT NULL,
  task_key text NOT NULL,
  target text NOT NULL,
  session_id text,
  turns jsonb NOT NULL,
  error text,
  latency_ms integer,
  tokens_in integer NOT NULL DEFAULT 0,
  tokens_out integer NOT NULL DEFAULT 0,
  cost_usd double precision NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (run_id, task_key),
  FOREIGN KEY (run_id, task_key) REFERENCES tasks (run_id, task_key) ON DELETE CASCADE
);

CREATE TABLE check_results (
  run_id text NOT NULL,
  task_key text NOT NULL,
  check_id text NOT NULL,
  type text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('pass', 'fail', 'invalid', 'error')),
  score double precision,
  reason text NOT NULL,
  turn integer,
  hard boolean NOT NULL DEFAULT false,
  weight double precision NOT NULL DEFAULT 1,
  -- deterministic | llm
  source text NOT NULL,
  mandate_id text,
  mandate_version integer,
  model text,
  details jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (run_id, task_key, check_id),
  FOREIGN KEY (run_id, task_key) REFERENCES tasks (run_id, task_key) ON DELETE CASCADE
);

CREATE TABLE case_results (
  run_id text NOT NULL,
  task_key text NOT NULL,
  set_id text NOT NULL,
  case_id text NOT NULL,
  tender_id text,
  family text,
  repeat_index integer NOT NULL DEFAULT 0,
  tags text[] NOT NULL DEFAULT '{}',
  outcome text NOT NULL CHECK (outcome IN ('pass', 'fail', 'invalid', 'error')),
  score double precision,
  reason text NOT NULL,
  answer_signature text,
  tool_signature text,
  pending_llm boolean NOT NULL DEFAULT false,
  latency_ms integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (run_id, task_key),
  FOREIGN KEY (run_id, task_key) REFERENCES tasks (run_id, task_key) ON DELETE CASCADE
);
CREATE INDEX case_results_set_idx ON case_results (run_id, set_id);
CREATE INDEX case_results_tender_idx ON case_results (run_id, tender_id);

-- One report per run (rewritten when a resumed run reports again).
CREATE TABLE reports (
  run_id text PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,
  summary jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
