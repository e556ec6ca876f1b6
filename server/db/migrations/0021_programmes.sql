-- Programmes (decision 033): multi-week plans built from the catalogue's classes, and each
-- account's following of one. Seeds four programmes from the classes of migration 0008.
CREATE TABLE "programmes" (
	"id" text PRIMARY KEY NOT NULL,
	"discipline_id" text NOT NULL REFERENCES "disciplines"("id"),
	"level" text NOT NULL,
	"position" integer NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programme_classes" (
	"programme_id" text NOT NULL REFERENCES "programmes"("id") ON DELETE cascade,
	"week" smallint NOT NULL,
	"position" smallint NOT NULL,
	"class_id" text NOT NULL REFERENCES "classes"("id"),
	CONSTRAINT "programme_classes_programme_id_week_position_pk" PRIMARY KEY("programme_id","week","position")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "programme_classes_class_idx" ON "programme_classes" USING btree ("programme_id","class_id");
--> statement-breakpoint
CREATE TABLE "programme_enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"programme_id" text NOT NULL REFERENCES "programmes"("id") ON DELETE cascade,
	"status" text NOT NULL,
	"weekdays" smallint[] NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"paused_on" date,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "programme_enrollments_current_idx" ON "programme_enrollments" USING btree ("user_id") WHERE status in ('active', 'paused');
--> statement-breakpoint
CREATE INDEX "programme_enrollments_user_idx" ON "programme_enrollments" USING btree ("user_id","started_at");
--> statement-breakpoint
CREATE TABLE "programme_sessions" (
	"enrollment_id" uuid NOT NULL REFERENCES "programme_enrollments"("id") ON DELETE cascade,
	"position" smallint NOT NULL,
	"class_id" text NOT NULL,
	"planned_on" date NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "programme_sessions_enrollment_id_position_pk" PRIMARY KEY("enrollment_id","position")
);
--> statement-breakpoint
CREATE INDEX "programme_sessions_planned_idx" ON "programme_sessions" USING btree ("enrollment_id","planned_on");
--> statement-breakpoint
-- Instances keep the programmes in memory and drop them when these tables change (decision 018).
CREATE TRIGGER "programmes_changed_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "programmes"
  FOR EACH STATEMENT EXECUTE FUNCTION "fitstream_table_changed"();
--> statement-breakpoint
CREATE TRIGGER "programme_classes_changed_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "programme_classes"
  FOR EACH STATEMENT EXECUTE FUNCTION "fitstream_table_changed"();
--> statement-breakpoint
INSERT INTO "programmes" ("id", "discipline_id", "level", "position", "title", "description") VALUES
  ('yoga-foundations', 'yoga', 'beginner', 0,
    '{"en": "Yoga foundations", "es": "Fundamentos de yoga"}',
    '{"en": "Two calm weeks to learn the basic postures, breathe with the movement and open hips and spine. No experience needed.",
      "es": "Dos semanas tranquilas para aprender las posturas básicas, respirar con el movimiento y abrir caderas y columna. No hace falta experiencia."}'),
  ('strength-101', 'strength', 'beginner', 1,
    '{"en": "Strength 101", "es": "Fuerza 101"}',
    '{"en": "Three weeks from bodyweight to dumbbells: squats, pushes and pulls with good form, and the mobility that keeps you moving well.",
      "es": "Tres semanas del peso corporal a las mancuernas: sentadillas, empujes y tracciones con buena técnica, y la movilidad que te mantiene en forma."}'),
  ('hiit-in-14-days', 'hiit', 'intermediate', 2,
    '{"en": "HIIT in 14 days", "es": "HIIT en 14 días"}',
    '{"en": "Four short, sharp sessions a week for two weeks, from a ten-minute express to a full pyramid, with an easy ride and mobility to recover.",
      "es": "Cuatro sesiones cortas e intensas a la semana durante dos semanas, del exprés de diez minutos a la pirámide completa, con un rodaje suave y movilidad para recuperar."}'),
  ('core-with-pilates', 'pilates', 'intermediate', 3,
    '{"en": "Core with Pilates", "es": "Core con Pilates"}',
    '{"en": "Four weeks, two classes a week, to build a strong and stable centre: from the Pilates basics to the classical mat series.",
      "es": "Cuatro semanas, dos clases a la semana, para construir un centro fuerte y estable: de las bases del Pilates a la serie clásica de suelo."}');
--> statement-breakpoint
INSERT INTO "programme_classes" ("programme_id", "week", "position", "class_id") VALUES
  ('yoga-foundations', 1, 0, 'sunrise-vinyasa-flow'),
  ('yoga-foundations', 1, 1, 'morning-mobility'),
  ('yoga-foundations', 1, 2, 'bedtime-yoga'),
  ('yoga-foundations', 2, 0, 'yin-yoga-deep-release'),
  ('yoga-foundations', 2, 1, 'desk-break-stretch'),
  ('yoga-foundations', 2, 2, 'full-body-stretch'),
  ('strength-101', 1, 0, 'bodyweight-strength'),
  ('strength-101', 1, 1, 'upper-body-bands'),
  ('strength-101', 1, 2, 'morning-mobility'),
  ('strength-101', 2, 0, 'glutes-and-legs'),
  ('strength-101', 2, 1, 'pilates-healthy-back'),
  ('strength-101', 2, 2, 'desk-break-stretch'),
  ('strength-101', 3, 0, 'full-body-dumbbells'),
  ('strength-101', 3, 1, 'low-impact-hiit'),
  ('strength-101', 3, 2, 'full-body-stretch'),
  ('hiit-in-14-days', 1, 0, 'ten-minute-express'),
  ('hiit-in-14-days', 1, 1, 'low-impact-hiit'),
  ('hiit-in-14-days', 1, 2, 'tabata-burn'),
  ('hiit-in-14-days', 1, 3, 'recovery-spin'),
  ('hiit-in-14-days', 2, 0, 'kettlebell-hiit'),
  ('hiit-in-14-days', 2, 1, 'sprint-intervals'),
  ('hiit-in-14-days', 2, 2, 'hiit-pyramid'),
  ('hiit-in-14-days', 2, 3, 'mobility-for-athletes'),
  ('core-with-pilates', 1, 0, 'pilates-foundations'),
  ('core-with-pilates', 1, 1, 'pilates-healthy-back'),
  ('core-with-pilates', 2, 0, 'power-yoga-core'),
  ('core-with-pilates', 2, 1, 'pilates-ring-sculpt'),
  ('core-with-pilates', 3, 0, 'pilates-barre-fusion'),
  ('core-with-pilates', 3, 1, 'hip-opener-flow'),
  ('core-with-pilates', 4, 0, 'classical-mat-pilates'),
  ('core-with-pilates', 4, 1, 'full-body-stretch');
