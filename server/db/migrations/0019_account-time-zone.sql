-- The account's IANA time zone, asked once (null until then): the schedule, its reminders and
-- calendar feed, and the weekly activity and streaks count days in it.
ALTER TABLE "users" ADD COLUMN "time_zone" text;
