-- Issue 42, item 1 (decision 065): pausing a subscription. The current pause lives on the
-- subscription (from the end of the paid period to the resume date, and the reminder sent a week
-- before); every pause asked for is kept per account, since at most two may start in a year.
ALTER TABLE "subscriptions" ADD COLUMN "paused_from" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "resumes_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "resume_reminder_sent_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "subscription_pauses" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "subscription_id" text NOT NULL REFERENCES "subscriptions"("id") ON DELETE CASCADE,
  "paused_from" timestamp with time zone NOT NULL,
  "resumes_at" timestamp with time zone NOT NULL,
  "ended_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "subscription_pauses_user_idx" ON "subscription_pauses" ("user_id", "paused_from");
