-- Decision 018: each instance keeps the progress of the accounts it serves in memory and drops
-- an account's when its rows change; this trigger tells every instance whose (the user id), on
-- commit. A TRUNCATE names nobody: every account's is dropped.
CREATE FUNCTION "fitstream_progress_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('fitstream_progress_changed', '');
  ELSE
    PERFORM pg_notify('fitstream_progress_changed', COALESCE(NEW.user_id, OLD.user_id)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "class_progress_changed_notify" AFTER INSERT OR UPDATE OR DELETE ON "class_progress"
  FOR EACH ROW EXECUTE FUNCTION "fitstream_progress_changed"();
--> statement-breakpoint
CREATE TRIGGER "class_progress_truncated_notify" AFTER TRUNCATE ON "class_progress"
  FOR EACH STATEMENT EXECUTE FUNCTION "fitstream_progress_changed"();
