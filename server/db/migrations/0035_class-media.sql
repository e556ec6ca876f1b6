-- Every seeded class plays a media of its own (issue 40, docs/decisions/059): `class-<class id>`,
-- as long as the class, opening with its title card in the viewer's language (one rendition
-- playlist per language, `playlist-<language>.m3u8`: the languages are the media's `openings`).
ALTER TABLE "media" ADD COLUMN "openings" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
UPDATE "classes" SET "media_id" = 'class-' || "id" WHERE "media_id" IN ('sample-a', 'sample-b', 'sample-c');
