CREATE TABLE "survey_questions" (
	"survey_id" integer NOT NULL,
	"data_name" text NOT NULL,
	"position" integer NOT NULL,
	"step" integer NOT NULL,
	"type" text NOT NULL,
	"question_text" text NOT NULL,
	"definition" jsonb NOT NULL,
	CONSTRAINT "survey_questions_survey_id_data_name_pk" PRIMARY KEY("survey_id","data_name")
);
--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;