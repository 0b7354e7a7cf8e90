ALTER TABLE "studies" ADD COLUMN "response_limit" integer;--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "closes_at" bigint;--> statement-breakpoint
ALTER TABLE "studies" ADD CONSTRAINT "studies_response_limit_positive" CHECK ("studies"."response_limit" >= 1);