-- The hourly prune of progress reports' ids that can no longer be replayed (docs/decisions/047)
-- deletes by the time each report claims: an index, so it never scans the whole table.
CREATE INDEX "progress_reports_watched_idx" ON "progress_reports" USING btree ("watched_at");
