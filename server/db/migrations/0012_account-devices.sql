-- Account self-service (/account, docs/decisions/024). Devices signed in: each session keeps the device's name, told from the user agent
-- at sign-in, and when it was last seen (sign-in and every token refresh).
ALTER TABLE "sessions" ADD COLUMN "device_name" text DEFAULT 'Web browser' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "sessions_user_open_idx" ON "sessions" USING btree ("user_id") WHERE revoked_at is null;--> statement-breakpoint
-- A deleted account keeps its row (payments and invoices point at it), anonymised, with this set.
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;
