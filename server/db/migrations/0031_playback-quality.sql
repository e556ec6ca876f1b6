-- Issue 39: the player's quality totals (start-up, stalls, watched time, switches, failures),
-- cumulative since the session started; only the increase over the last stored ones reaches the
-- metrics (server/modules/playback/quality.ts), so a report sent twice counts once.
ALTER TABLE "playback_sessions" ADD COLUMN "quality" jsonb;
