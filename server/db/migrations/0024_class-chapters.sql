-- The languages a media has a WebVTT chapters track in ('en', 'es'): warm-up, main set,
-- cool-down and named blocks, shown on the player's seek bar (docs/decisions/036).
ALTER TABLE "media" ADD COLUMN "chapters" text[] DEFAULT '{}'::text[] NOT NULL;
