CREATE TYPE "public"."member_delivery_status" AS ENUM('ok', 'bounced');--> statement-breakpoint
ALTER TYPE "public"."communication_status" ADD VALUE 'scheduled';--> statement-breakpoint
ALTER TYPE "public"."communication_status" ADD VALUE 'failed';--> statement-breakpoint
CREATE TABLE "mail_provider_events" (
	"id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "panel_users_verified_idx";--> statement-breakpoint
ALTER TABLE "panel_message_deliveries" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "panel_messages" ADD COLUMN "bounced_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "panel_messages" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "panel_messages" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "panel_user_counts" ADD COLUMN "verified" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "panel_user_counts" ADD COLUMN "bounced" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "panel_users" ADD COLUMN "delivery_status" "member_delivery_status" DEFAULT 'ok' NOT NULL;--> statement-breakpoint
ALTER TABLE "panel_users" ADD COLUMN "bounce_kind" text;--> statement-breakpoint
ALTER TABLE "panel_users" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_provider_events_received_idx" ON "mail_provider_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "panel_message_deliveries_provider_idx" ON "panel_message_deliveries" USING btree ("provider_id") WHERE "panel_message_deliveries"."provider_id" is not null;--> statement-breakpoint
CREATE INDEX "panel_messages_scheduled_idx" ON "panel_messages" USING btree ("scheduled_for") WHERE "panel_messages"."scheduled_for" is not null;--> statement-breakpoint
CREATE INDEX "panel_users_recipients_idx" ON "panel_users" USING btree ("id") WHERE "panel_users"."is_verified" = true and "panel_users"."delivery_status" = 'ok';--> statement-breakpoint
CREATE INDEX "panel_users_unverified_idx" ON "panel_users" USING btree ("id") WHERE "panel_users"."is_verified" = false and "panel_users"."delivery_status" = 'ok';--> statement-breakpoint
CREATE INDEX "panel_users_bounced_idx" ON "panel_users" USING btree ("id") WHERE "panel_users"."delivery_status" = 'bounced';