-- Issue 41 (decision 064): household profiles. An account is the household (it signs in, pays,
-- and its plan's screens and download devices count every profile); a profile is a person in it,
-- with their own training data. Every account gets its owner's profile, made from its name, and
-- every per-person row moves to it: the tables below are keyed by the profile from now on.
CREATE TABLE "profiles" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "account_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "image" text,
  "language" text DEFAULT 'en' NOT NULL CHECK ("language" IN ('en', 'es')),
  "is_owner" boolean DEFAULT false NOT NULL,
  "pin_hash" text,
  "pin_failures" integer DEFAULT 0 NOT NULL,
  "pin_locked_until" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_owner_idx" ON "profiles" ("account_id") WHERE "is_owner";
--> statement-breakpoint
CREATE INDEX "profiles_account_idx" ON "profiles" ("account_id", "created_at");
--> statement-breakpoint
INSERT INTO "profiles" ("account_id", "name", "image", "language", "is_owner", "created_at")
SELECT "id", coalesce(nullif(btrim("name"), ''), split_part("email", '@', 1)), "image", "language", true, "created_at"
FROM "users" WHERE "deleted_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "profile_id" uuid REFERENCES "profiles"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- Signed-in devices stay in, on the owner's profile (their next token refresh carries it).
UPDATE "sessions" SET "profile_id" = "profiles"."id" FROM "profiles"
WHERE "profiles"."account_id" = "sessions"."user_id" AND "profiles"."is_owner";
--> statement-breakpoint
-- The triggers first, since moving the rows below fires them. Decision 045's notifications keep
-- naming the account (the household): its answers are kept per account, each under its profile's
-- name. A per-profile row names its profile, whose account is looked up (a row deleted with its
-- profile has none left to name: nobody can read that profile's answers any more). Class
-- progress also tells its own channel which profile.
CREATE OR REPLACE FUNCTION "fitstream_progress_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  profile uuid;
  account text;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('fitstream_progress_changed', '');
    PERFORM pg_notify('fitstream_account_changed', '');
    RETURN NULL;
  END IF;
  profile := COALESCE(NEW.profile_id, OLD.profile_id);
  PERFORM pg_notify('fitstream_progress_changed', profile::text);
  SELECT account_id::text INTO account FROM profiles WHERE id = profile;
  IF account IS NOT NULL THEN
    PERFORM pg_notify('fitstream_account_changed', account);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "fitstream_profile_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account text;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('fitstream_account_changed', '');
    RETURN NULL;
  END IF;
  SELECT account_id::text INTO account FROM profiles
    WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END ->> 'profile_id')::uuid;
  IF account IS NOT NULL THEN
    PERFORM pg_notify('fitstream_account_changed', account);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "fitstream_programme_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account text;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('fitstream_account_changed', '');
    RETURN NULL;
  END IF;
  SELECT p.account_id::text INTO account FROM programme_enrollments e JOIN profiles p ON p.id = e.profile_id
    WHERE e.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.enrollment_id ELSE NEW.enrollment_id END;
  IF account IS NOT NULL THEN
    PERFORM pg_notify('fitstream_account_changed', account);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['class_completions', 'activity_goals', 'favourites', 'programme_enrollments', 'schedule_items', 'schedule_settings'] LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', t || '_account_changed_notify', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION "fitstream_profile_changed"()',
      t || '_account_changed_notify', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- A profile renamed, its picture or language changed, or deleted: its household's answers go.
CREATE TRIGGER "profiles_account_changed_notify" AFTER INSERT OR UPDATE OR DELETE ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "fitstream_account_changed"('account_id');
--> statement-breakpoint
DO $$
DECLARE
  per_profile text[] := ARRAY['class_completions', 'activity_goals', 'favourites', 'class_progress', 'progress_reports',
    'programme_enrollments', 'schedule_items', 'schedule_settings', 'schedule_reminders', 'new_class_notifications',
    'new_class_digests', 'player_preferences'];
  t text;
  c record;
BEGIN
  FOREACH t IN ARRAY per_profile LOOP
    FOR c IN SELECT conname FROM pg_constraint
      WHERE contype = 'f' AND conrelid = t::regclass AND confrelid = 'users'::regclass LOOP
      EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', t, c.conname);
    END LOOP;
    EXECUTE format('ALTER TABLE %I RENAME COLUMN "user_id" TO "profile_id"', t);
    EXECUTE format('UPDATE %I SET "profile_id" = p."id" FROM "profiles" p WHERE p."account_id" = %I."profile_id" AND p."is_owner"', t, t);
    -- A deleted account's rows were erased with it; anything left of one has no profile to move to.
    EXECUTE format('DELETE FROM %I WHERE "profile_id" NOT IN (SELECT "id" FROM "profiles")', t);
    EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I FOREIGN KEY ("profile_id") REFERENCES "profiles"("id") ON DELETE CASCADE',
      t, t || '_profile_id_profiles_id_fk');
  END LOOP;
END $$;
