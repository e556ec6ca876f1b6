-- Yearly plans (docs/decisions/066): every plan is also billed yearly, at 10 monthly prices (the
-- rule is domain/plans.ts `yearlyAmount`, so a monthly price edit moves the yearly one too). A
-- checkout and a subscription record the interval they bill; a downgrade scheduled for the renewal
-- records the interval it moves to; Stripe mode may name a yearly Price per plan.
ALTER TABLE "plans" ADD COLUMN "provider_yearly_price_id" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "billing_interval" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "billing_interval" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_billing_interval" text;
