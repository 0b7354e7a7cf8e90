CREATE TYPE "public"."panel_message_batch_status" AS ENUM('pending', 'sent', 'failed');--> statement-breakpoint
CREATE TABLE "mail_send_budget" (
	"id" smallint PRIMARY KEY NOT NULL,
	"next_slot" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "panel_message_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"payload" "bytea",
	"status" "panel_message_batch_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text,
	CONSTRAINT "panel_message_batches_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "panel_message_deliveries" ADD COLUMN "batch_id" bigint;--> statement-breakpoint
ALTER TABLE "panel_messages" ADD COLUMN "recipients_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "panel_messages" ADD COLUMN "delivered_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "panel_messages" ADD COLUMN "failed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "panel_message_batches" ADD CONSTRAINT "panel_message_batches_message_id_panel_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."panel_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "panel_message_batches_due_idx" ON "panel_message_batches" USING btree ("next_attempt_at") WHERE "panel_message_batches"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "panel_message_batches_message_idx" ON "panel_message_batches" USING btree ("message_id");--> statement-breakpoint
ALTER TABLE "panel_message_deliveries" ADD CONSTRAINT "panel_message_deliveries_batch_id_panel_message_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."panel_message_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "panel_message_deliveries_unbatched_idx" ON "panel_message_deliveries" USING btree ("message_id","id") WHERE "panel_message_deliveries"."status" = 'pending' and "panel_message_deliveries"."batch_id" is null;--> statement-breakpoint
CREATE INDEX "panel_message_deliveries_batch_idx" ON "panel_message_deliveries" USING btree ("batch_id");