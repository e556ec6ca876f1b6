-- Issue 42 item 3 (decision 069): promotion codes. A code (unique, upper case) takes a percent or
-- an amount off, once, for N months or for ever; its redemptions are counted on the code (raised
-- only while below the limit, so two redemptions racing for the last one cannot both win). One
-- code per subscription (the unique subscription), with the paid charges it still covers (null:
-- every one). A checkout carries the code from /pricing to the subscription it makes.
CREATE TABLE "promotion_codes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "code" text NOT NULL UNIQUE,
  "percent_off" integer,
  "amount_off" integer,
  "currency" text,
  "duration" text NOT NULL,
  "duration_months" integer,
  "expires_at" timestamp with time zone,
  "max_redemptions" integer,
  "times_redeemed" integer DEFAULT 0 NOT NULL,
  "first_subscription_only" boolean DEFAULT false NOT NULL,
  "active" boolean DEFAULT true NOT NULL,
  "provider_coupon_id" text,
  "provider_promotion_code_id" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_redemptions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "promotion_code_id" uuid NOT NULL REFERENCES "promotion_codes"("id"),
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "subscription_id" text NOT NULL UNIQUE REFERENCES "subscriptions"("id") ON DELETE CASCADE,
  "charges_left" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "promotion_redemptions_user_idx" ON "promotion_redemptions" ("user_id");
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "promotion_code_id" uuid REFERENCES "promotion_codes"("id");
