ALTER TABLE "staff_users" ADD COLUMN "second_factor_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "second_factor_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "locale" text DEFAULT 'nl' NOT NULL;