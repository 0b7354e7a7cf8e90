ALTER TABLE "survey_responses" ADD COLUMN "version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "key_id" text;