-- Values many tasks of a run share (e.g. the target config of every test case) are stored once per run;
-- task payloads refer to them as {"$shared": name} (shared/engine/shared-values.ts).
ALTER TABLE runs ADD COLUMN shared jsonb NOT NULL DEFAULT '{}'::jsonb;
