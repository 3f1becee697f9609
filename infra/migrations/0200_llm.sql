-- LLM layer: every call made to a model (for cost and latency totals per task and per run), and a
-- content-addressed response cache reused on resume and re-runs.
-- run_id has no foreign key: calibration and ad-hoc calls happen outside any run.
CREATE TABLE llm_calls (
  id bigserial PRIMARY KEY,
  run_id text,
  task_key text,
  role text NOT NULL,
  model text NOT NULL,
  tokens_in integer NOT NULL DEFAULT 0,
  tokens_out integer NOT NULL DEFAULT 0,
  cost_usd double precision NOT NULL DEFAULT 0,
  latency_ms integer NOT NULL DEFAULT 0,
  cached boolean NOT NULL DEFAULT false,
  error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX llm_calls_run_idx ON llm_calls (run_id, task_key);

CREATE TABLE llm_cache (
  key text PRIMARY KEY,
  model text NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
