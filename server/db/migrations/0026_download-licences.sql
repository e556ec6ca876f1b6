-- Download licences (docs/decisions/038): one per (device, class) at a time, the device being the
-- sign-in session the server issued (decision 029). Valid while not revoked and not expired.
CREATE TABLE "download_licences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"class_id" text NOT NULL,
	"media_id" text NOT NULL,
	"rendition" text NOT NULL,
	"height" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"renewed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text
);
--> statement-breakpoint
ALTER TABLE "download_licences" ADD CONSTRAINT "download_licences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_licences" ADD CONSTRAINT "download_licences_device_id_sessions_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_licences" ADD CONSTRAINT "download_licences_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "download_licences_one_per_class_idx" ON "download_licences" USING btree ("device_id","class_id") WHERE revoked_at is null;--> statement-breakpoint
CREATE INDEX "download_licences_open_idx" ON "download_licences" USING btree ("user_id") WHERE revoked_at is null;
