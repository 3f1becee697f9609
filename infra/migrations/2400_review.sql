-- Human review of machine decisions (issue 24): a reviewer agrees or disagrees with a judge verdict or a red-team
-- decision. Each label keeps a snapshot of what was decided and the judge's input, so it stays a calibration item
-- (`vaglio judge calibrate`) after retention deletes its run: no foreign key to runs on purpose.
CREATE TABLE review_labels (
  id bigserial PRIMARY KEY,
  run_id text NOT NULL,
  task_key text NOT NULL,
  -- The judged check, or '' for a red-team case's decision.
  check_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('judge', 'redteam')),
  -- The judge's mandate id, or 'redteam/<branch>' for a red-team decision.
  mandate text NOT NULL,
  machine_outcome text NOT NULL CHECK (machine_outcome IN ('pass', 'fail')),
  machine_reason text NOT NULL,
  agree boolean NOT NULL,
  note text NOT NULL DEFAULT '',
  input jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (run_id, task_key, check_id)
);
CREATE INDEX review_labels_mandate_idx ON review_labels (mandate, created_at);
