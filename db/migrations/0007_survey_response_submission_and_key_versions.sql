ALTER TABLE "survey_responses" ADD COLUMN "version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "key_id" text;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "submission_hash" text;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "answers_hash" text;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_submission_uq" UNIQUE("study_id","submission_hash");