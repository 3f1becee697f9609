-- Run engine: runs, tasks (with their dependencies), results, dead letters, workers.
CREATE TABLE runs (
  id text PRIMARY KEY,
  name text NOT NULL,
  plan text NOT NULL,
  status text NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'running', 'completed', 'failed', 'canceled')),
  spec jsonb NOT NULL,
  idempotency_key text UNIQUE,
  epoch integer NOT NULL DEFAULT 0,
  cancel_requested boolean NOT NULL DEFAULT false,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX runs_created_at_idx ON runs (created_at DESC);

CREATE TABLE tasks (
  run_id text NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  task_key text NOT NULL CHECK (task_key !~ ':'),
  kind text NOT NULL,
  queue text NOT NULL,
  status text NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'running', 'completed', 'failed', 'canceled')),
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  depends_on text[] NOT NULL DEFAULT '{}',
  flow_parent text,
  always_run boolean NOT NULL DEFAULT false,
  attempts integer NOT NULL DEFAULT 0,
  executions integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 3,
  timeout_ms integer NOT NULL DEFAULT 60000,
  job_id text,
  worker_id text,
  error text,
  cancel_reason text,
  cost_usd double precision NOT NULL DEFAULT 0,
  tokens_in integer NOT NULL DEFAULT 0,
  tokens_out integer NOT NULL DEFAULT 0,
  latency_ms integer,
  queued_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  PRIMARY KEY (run_id, task_key)
);
CREATE INDEX tasks_status_idx ON tasks (run_id, status);
CREATE INDEX tasks_running_idx ON tasks (worker_id) WHERE status = 'running';

CREATE TABLE task_results (
  run_id text NOT NULL,
  task_key text NOT NULL,
  result jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (run_id, task_key),
  FOREIGN KEY (run_id, task_key) REFERENCES tasks (run_id, task_key) ON DELETE CASCADE
);

CREATE TABLE dead_letters (
  id bigserial PRIMARY KEY,
  run_id text NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  task_key text NOT NULL,
  queue text NOT NULL,
  job_id text,
  payload jsonb NOT NULL,
  error text NOT NULL,
  stack text,
  attempts integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  reprocessed_at timestamptz
);
CREATE INDEX dead_letters_open_idx ON dead_letters (created_at DESC) WHERE reprocessed_at IS NULL;

CREATE TABLE workers (
  id text PRIMARY KEY,
  service text NOT NULL,
  hostname text NOT NULL,
  pid integer NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz NOT NULL DEFAULT now(),
  stopped_at timestamptz
);
