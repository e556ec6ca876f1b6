-- Issue 42 item 4 (decision 067): failed renewals. While a renewal's invoice is unpaid the
-- subscription carries when the first attempt failed, how many retries failed since, when the
-- next one is due (null after the last) and the end of the grace period (access until then).
ALTER TABLE "subscriptions" ADD COLUMN "payment_failed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payment_retries" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_payment_attempt_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "grace_ends_at" timestamp with time zone;
