DROP INDEX "survey_responses_study_idx";--> statement-breakpoint
CREATE INDEX "survey_responses_study_id_idx" ON "survey_responses" USING btree ("study_id","id");