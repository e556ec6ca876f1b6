-- Issue 43 (decisions 072, 073): heart rate and effort. Each profile says whether its heart rate
-- is recorded (off until it says so) and, for the zones, a maximum it measured or its birth year;
-- a row appears the first time it changes one, none meaning the defaults, and goes with the
-- profile. A completed class keeps its effort: the 1–10 rating and the heart-rate summary
-- (average and maximum together; seconds in each of the five zones, all five or none, and only
-- with them: no zones without a maximum heart rate), never the readings.
-- Completions made before have neither.
CREATE TABLE "heart_rate_settings" (
  "profile_id" uuid PRIMARY KEY NOT NULL REFERENCES "profiles"("id") ON DELETE CASCADE,
  "recording" boolean DEFAULT false NOT NULL,
  "max_heart_rate" integer CHECK ("max_heart_rate" BETWEEN 100 AND 230),
  "birth_year" integer,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "class_completions"
  ADD COLUMN "rating" integer CHECK ("rating" BETWEEN 1 AND 10),
  ADD COLUMN "heart_rate_average_bpm" integer,
  ADD COLUMN "heart_rate_max_bpm" integer,
  ADD COLUMN "heart_rate_zone1_seconds" integer,
  ADD COLUMN "heart_rate_zone2_seconds" integer,
  ADD COLUMN "heart_rate_zone3_seconds" integer,
  ADD COLUMN "heart_rate_zone4_seconds" integer,
  ADD COLUMN "heart_rate_zone5_seconds" integer,
  ADD CONSTRAINT "class_completions_heart_rate_whole" CHECK (
    num_nulls("heart_rate_average_bpm", "heart_rate_max_bpm") IN (0, 2)
    AND num_nulls("heart_rate_zone1_seconds", "heart_rate_zone2_seconds", "heart_rate_zone3_seconds", "heart_rate_zone4_seconds", "heart_rate_zone5_seconds") IN (0, 5)
    AND ("heart_rate_average_bpm" IS NOT NULL OR "heart_rate_zone1_seconds" IS NULL));
