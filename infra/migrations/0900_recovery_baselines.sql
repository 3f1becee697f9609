-- The answer a red-team recovery question gets on a fresh conversation, asked once per distinct question per
-- run and reused by every scenario ending with it: a recovery answer only fails when it is worse than this.
CREATE TABLE recovery_baselines (
  run_id text NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  question_hash text NOT NULL,
  question text NOT NULL,
  answer text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (run_id, question_hash)
);
