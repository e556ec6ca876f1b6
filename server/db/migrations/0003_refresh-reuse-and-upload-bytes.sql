ALTER TABLE "refresh_tokens" ADD COLUMN "successor_sealed" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "data" bytea;
