CREATE TYPE "public"."member_mail_kind" AS ENUM('verification', 'already_member');--> statement-breakpoint
CREATE TABLE "panel_member_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"panel_user_id" integer NOT NULL,
	"kind" "member_mail_kind" NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" "bytea",
	"lift_suppression" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "panel_member_mails_panel_user_id_unique" UNIQUE("panel_user_id")
);
--> statement-breakpoint
ALTER TABLE "panel_member_mails" ADD CONSTRAINT "panel_member_mails_panel_user_id_panel_users_id_fk" FOREIGN KEY ("panel_user_id") REFERENCES "public"."panel_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "panel_member_mails_due_idx" ON "panel_member_mails" USING btree ("next_attempt_at");