ALTER TABLE "survey_questions" ADD COLUMN "in_responses" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Responses stored before this column are sealed, so which questions they were shown cannot be
-- read here: every question of a survey that already has responses keeps its column.
UPDATE "survey_questions" SET "in_responses" = true WHERE "survey_id" IN (
	SELECT "surveys"."id" FROM "surveys"
	WHERE EXISTS (SELECT 1 FROM "survey_responses" WHERE "survey_responses"."study_id" = "surveys"."study_id")
);
