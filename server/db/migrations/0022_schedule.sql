-- The schedule (docs/decisions/034): single classes an account plans on a local day (and an
-- optional local time), its settings (morning reminders, the calendar feed's secret, stored
-- only as a SHA-256 hash), and the reminders already queued, one per account and local day.
CREATE TABLE "schedule_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"class_id" text NOT NULL,
	"local_date" date NOT NULL,
	"local_time" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schedule_items" ADD CONSTRAINT "schedule_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "schedule_items" ADD CONSTRAINT "schedule_items_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "schedule_items_user_date_idx" ON "schedule_items" USING btree ("user_id","local_date");
--> statement-breakpoint
CREATE TABLE "schedule_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reminders" boolean DEFAULT false NOT NULL,
	"feed_secret_hash" text,
	CONSTRAINT "schedule_settings_feed_secret_hash_unique" UNIQUE("feed_secret_hash")
);
--> statement-breakpoint
ALTER TABLE "schedule_settings" ADD CONSTRAINT "schedule_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "schedule_reminders" (
	"user_id" uuid NOT NULL,
	"local_date" date NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_reminders_user_id_local_date_pk" PRIMARY KEY("user_id","local_date")
);
--> statement-breakpoint
ALTER TABLE "schedule_reminders" ADD CONSTRAINT "schedule_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
