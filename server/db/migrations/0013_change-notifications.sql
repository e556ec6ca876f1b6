-- Decision 018: instances keep plans, the catalog and a list of revoked sessions in memory and
-- learn of changes by PostgreSQL notifications (PGlite delivers them in-process). Triggers send
-- them, so every writer (this code, another lane's, psql) is heard, and only once it commits.
CREATE FUNCTION "fitstream_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fitstream_session_ended', OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_revoked_notify" AFTER UPDATE OF "revoked_at" ON "sessions"
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION "fitstream_session_ended"();
--> statement-breakpoint
CREATE TRIGGER "sessions_deleted_notify" AFTER DELETE ON "sessions"
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL)
  EXECUTE FUNCTION "fitstream_session_ended"();
--> statement-breakpoint
CREATE FUNCTION "fitstream_table_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fitstream_table_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "plans_changed_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "plans"
  FOR EACH STATEMENT EXECUTE FUNCTION "fitstream_table_changed"();
--> statement-breakpoint
CREATE TRIGGER "classes_changed_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "classes"
  FOR EACH STATEMENT EXECUTE FUNCTION "fitstream_table_changed"();
--> statement-breakpoint
CREATE TRIGGER "disciplines_changed_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "disciplines"
  FOR EACH STATEMENT EXECUTE FUNCTION "fitstream_table_changed"();
--> statement-breakpoint
CREATE TRIGGER "instructors_changed_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "instructors"
  FOR EACH STATEMENT EXECUTE FUNCTION "fitstream_table_changed"();
--> statement-breakpoint
CREATE TRIGGER "media_changed_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "media"
  FOR EACH STATEMENT EXECUTE FUNCTION "fitstream_table_changed"();
--> statement-breakpoint
-- The periodic catch-up reads sessions revoked since its last look.
CREATE INDEX "sessions_revoked_at_idx" ON "sessions" ("revoked_at") WHERE "revoked_at" IS NOT NULL;
