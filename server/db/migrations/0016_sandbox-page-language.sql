-- The language of the sandbox's checkout and card pages: the app's language when the user
-- opened them (the request's Accept-Language), so the pages follow it (docs/decisions/025).
ALTER TABLE "checkout_sessions" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;
