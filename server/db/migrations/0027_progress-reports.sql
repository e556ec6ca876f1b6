-- Progress reports already applied (docs/decisions/041): the offline queue sends each report with
-- an id the client made, and a report sent again changes nothing.
CREATE TABLE "progress_reports" (
	"user_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"class_id" text NOT NULL,
	"watched_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "progress_reports_user_id_report_id_pk" PRIMARY KEY("user_id","report_id")
);
--> statement-breakpoint
ALTER TABLE "progress_reports" ADD CONSTRAINT "progress_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
