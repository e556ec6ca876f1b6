-- Issue 40: what the player starts every class with, kept for the account (one row, written the
-- first time a preference changes; none means the defaults): captions on in a language, or off.
-- Household profiles will key this by profile instead of by account.
CREATE TABLE "player_preferences" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "captions" text CHECK ("captions" IN ('en', 'es')),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
