-- Playback: each plan's quality cap and device rule as plan data, and playback sessions (docs/decisions/014).
ALTER TABLE "plans" ADD COLUMN "max_video_height" integer DEFAULT 720 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "mobile_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "plans" SET "max_video_height" = CASE "id" WHEN 'standard' THEN 1080 WHEN 'premium' THEN 2160 ELSE 720 END;--> statement-breakpoint
UPDATE "plans" SET "mobile_only" = true WHERE "id" = 'mobile';--> statement-breakpoint
CREATE TABLE "playback_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"class_id" text NOT NULL,
	"media_id" text NOT NULL,
	"device_id" text NOT NULL,
	"device_name" text NOT NULL,
	"plan_id" text NOT NULL,
	"max_video_height" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_heartbeat_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text
);
--> statement-breakpoint
ALTER TABLE "playback_sessions" ADD CONSTRAINT "playback_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playback_sessions" ADD CONSTRAINT "playback_sessions_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playback_sessions" ADD CONSTRAINT "playback_sessions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playback_sessions_open_idx" ON "playback_sessions" USING btree ("user_id") WHERE ended_at is null;
