-- Decision 045: each instance keeps, per account, the answers of the calls its home, calendar
-- feed and activity pages make, and drops an account's when anything they show changes. These
-- triggers tell every instance whose (the user id), on commit; a TRUNCATE names nobody (every
-- account's is dropped). Class progress already has its own channel (migration 0017); the
-- catalog, plans and programmes have theirs (0013, 0021).
CREATE FUNCTION "fitstream_account_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('fitstream_account_changed', '');
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    changed := to_jsonb(OLD);
  ELSE
    changed := to_jsonb(NEW);
  END IF;
  PERFORM pg_notify('fitstream_account_changed', changed ->> TG_ARGV[0]);
  -- An update that moves a row to another account (none does today) tells the old one too.
  IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) ->> TG_ARGV[0]) IS DISTINCT FROM (changed ->> TG_ARGV[0]) THEN
    PERFORM pg_notify('fitstream_account_changed', to_jsonb(OLD) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A programme's sessions name their enrollment, whose account is looked up (a session deleted
-- with its enrollment is told by the enrollment's own trigger).
CREATE FUNCTION "fitstream_programme_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account text;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('fitstream_account_changed', '');
    RETURN NULL;
  END IF;
  SELECT user_id::text INTO account FROM programme_enrollments
    WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.enrollment_id ELSE NEW.enrollment_id END;
  IF account IS NOT NULL THEN
    PERFORM pg_notify('fitstream_account_changed', account);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_account_changed_notify" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "fitstream_account_changed"('id');
--> statement-breakpoint
CREATE TRIGGER "users_account_truncated_notify" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "fitstream_account_changed"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_account_changed_notify" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION "fitstream_account_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "subscriptions_account_truncated_notify" AFTER TRUNCATE ON "subscriptions"
  FOR EACH STATEMENT EXECUTE FUNCTION "fitstream_account_changed"();
--> statement-breakpoint
CREATE TRIGGER "class_completions_account_changed_notify" AFTER INSERT OR UPDATE OR DELETE ON "class_completions"
  FOR EACH ROW EXECUTE FUNCTION "fitstream_account_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "class_completions_account_truncated_notify" AFTER TRUNCATE ON "class_completions"
  FOR EACH STATEMENT EXECUTE FUNCTION "fitstream_account_changed"();
--> statement-breakpoint
CREATE TRIGGER "activity_goals_account_changed_notify" AFTER INSERT OR UPDATE OR DELETE ON "activity_goals"
  FOR EACH ROW EXECUTE FUNCTION "fitstream_account_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "activity_goals_account_truncated_notify" AFTER TRUNCATE ON "activity_goals"
  FOR EACH STATEMENT EXECUTE FUNCTION "fitstream_account_changed"();
--> statement-breakpoint
CREATE TRIGGER "favourites_account_changed_notify" AFTER INSERT OR UPDATE OR DELETE ON "favourites"
  FOR EACH ROW EXECUTE FUNCTION "fitstream_account_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "favourites_account_truncated_notify" AFTER TRUNCATE ON "favourites"
  FOR EACH STATEMENT EXECUTE FUNCTION "fitstream_account_changed"();
--> statement-breakpoint
CREATE TRIGGER "programme_enrollments_account_changed_notify" AFTER INSERT OR UPDATE OR DELETE ON "programme_enrollments"
  FOR EACH ROW EXECUTE FUNCTION "fitstream_account_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "programme_enrollments_account_truncated_notify" AFTER TRUNCATE ON "programme_enrollments"
  FOR EACH STATEMENT EXECUTE FUNCTION "fitstream_account_changed"();
--> statement-breakpoint
CREATE TRIGGER "programme_sessions_account_changed_notify" AFTER INSERT OR UPDATE OR DELETE ON "programme_sessions"
  FOR EACH ROW EXECUTE FUNCTION "fitstream_programme_session_changed"();
--> statement-breakpoint
CREATE TRIGGER "programme_sessions_account_truncated_notify" AFTER TRUNCATE ON "programme_sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "fitstream_programme_session_changed"();
--> statement-breakpoint
CREATE TRIGGER "schedule_items_account_changed_notify" AFTER INSERT OR UPDATE OR DELETE ON "schedule_items"
  FOR EACH ROW EXECUTE FUNCTION "fitstream_account_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "schedule_items_account_truncated_notify" AFTER TRUNCATE ON "schedule_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "fitstream_account_changed"();
--> statement-breakpoint
CREATE TRIGGER "schedule_settings_account_changed_notify" AFTER INSERT OR UPDATE OR DELETE ON "schedule_settings"
  FOR EACH ROW EXECUTE FUNCTION "fitstream_account_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "schedule_settings_account_truncated_notify" AFTER TRUNCATE ON "schedule_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "fitstream_account_changed"();
