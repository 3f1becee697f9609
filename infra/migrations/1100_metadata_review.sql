-- Metadata review items (issue 20): the verifier's notes get a column of their own (they were tucked into
-- `entities`), and the number of items a person must review is kept beside the verdict so summaries can count
-- them without unpacking jsonb. The review items themselves (question, evidence, candidate answers, the text
-- around the evidence) stay in `ambiguous`, now with those fields.
ALTER TABLE metadata_checks
  ADD COLUMN notes jsonb NOT NULL DEFAULT '[]'::jsonb,
  ADD COLUMN review_items integer NOT NULL DEFAULT 0;
CREATE INDEX metadata_checks_review_idx ON metadata_checks (run_id) WHERE review_items > 0;
