-- Issue 42 item 5 (decision 068): the cancel flow that listens. Every reason given is kept for
-- the business, with the offer shown and whether it was accepted; an account accepts at most one
-- retention offer, ever (the partial unique index). The 50 % off waits on the subscription until
-- the next renewal charge takes it.
CREATE TABLE "cancel_reasons" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "subscription_id" text NOT NULL REFERENCES "subscriptions"("id") ON DELETE CASCADE,
  "reason" text NOT NULL,
  "text" text,
  "offer_shown" text,
  "offer_accepted" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cancel_reasons_one_offer_idx" ON "cancel_reasons" ("user_id") WHERE "offer_accepted";
--> statement-breakpoint
CREATE INDEX "cancel_reasons_created_idx" ON "cancel_reasons" ("created_at");
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_charge_percent_off" integer;
