-- Issue 37 (decision 034): a password change, a password reset and signing out everywhere end the
-- calendar link (its hash is dropped). When and why it ended is kept, so /account can say so
-- until a new link is made; the two are set together or not at all.
ALTER TABLE "schedule_settings" ADD COLUMN "feed_link_revoked_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "schedule_settings" ADD COLUMN "feed_link_revoked_reason" text;
--> statement-breakpoint
ALTER TABLE "schedule_settings" ADD CONSTRAINT "schedule_settings_feed_link_revoked_check" CHECK (
  ("feed_link_revoked_at" IS NULL) = ("feed_link_revoked_reason" IS NULL)
  AND "feed_link_revoked_reason" IN ('password_changed', 'password_reset', 'signed_out_everywhere')
);
