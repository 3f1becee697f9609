-- Every task changes state several times (queued → running → completed). With no index on the columns that
-- change, and free space left in each page, those updates are HOT (no index writes, less WAL): the status
-- indexes go; the reconciler finds running tasks through the runs that are still running.
DROP INDEX IF EXISTS tasks_status_idx;
DROP INDEX IF EXISTS tasks_running_idx;
ALTER TABLE tasks SET (fillfactor = 70);
CREATE INDEX runs_active_idx ON runs (status) WHERE status IN ('queued', 'running');
