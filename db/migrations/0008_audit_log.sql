CREATE TABLE "audit_chain" (
	"id" smallint PRIMARY KEY NOT NULL,
	"last_id" bigint NOT NULL,
	"last_hash" text NOT NULL,
	"first_id" bigint NOT NULL,
	"first_prev_hash" text NOT NULL,
	CONSTRAINT "audit_chain_one_row" CHECK ("audit_chain"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" integer,
	"actor_email" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" integer,
	"details" jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
-- An empty chain: the first row will follow the all-zero hash.
INSERT INTO "audit_chain" ("id", "last_id", "last_hash", "first_id", "first_prev_hash")
VALUES (1, 0, repeat('0', 64), 1, repeat('0', 64));
--> statement-breakpoint
-- A row is accepted only as the chain's next one: the id after the head's, following its hash.
-- The head moves in the same statement, so a rolled-back write leaves it where it was.
CREATE FUNCTION "audit_log_append"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "audit_chain" SET "last_id" = NEW."id", "last_hash" = NEW."hash"
  WHERE "id" = 1 AND "last_id" = NEW."id" - 1 AND "last_hash" = NEW."prev_hash";
  IF NOT FOUND THEN
    RAISE EXCEPTION 'audit_log row % does not follow the head of the chain', NEW."id"
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Rows are never changed; only the retention purge (audit_log_purge) deletes, and only rows
-- before the start it has just moved the chain to.
CREATE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('audit_log.purging', true) = 'on'
     AND OLD."id" < (SELECT "first_id" FROM "audit_chain" WHERE "id" = 1) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
-- The head only moves forward to a row just written after it (audit_log_append), and the
-- chain's start only forward during the purge.
CREATE FUNCTION "audit_chain_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."id" = OLD."id" AND (
    (NEW."last_id" = OLD."last_id" + 1
      AND NEW."first_id" = OLD."first_id" AND NEW."first_prev_hash" = OLD."first_prev_hash"
      AND EXISTS (SELECT 1 FROM "audit_log" WHERE "id" = NEW."last_id"
        AND "hash" = NEW."last_hash" AND "prev_hash" = OLD."last_hash"))
    OR (current_setting('audit_log.purging', true) = 'on'
      AND NEW."last_id" = OLD."last_id" AND NEW."last_hash" = OLD."last_hash"
      AND NEW."first_id" > OLD."first_id" AND NEW."first_id" <= OLD."last_id" + 1)
  ) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_chain moves only with audit_log: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append" AFTER INSERT ON "audit_log"
FOR EACH ROW EXECUTE FUNCTION "audit_log_append"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "audit_chain_guard" BEFORE UPDATE OR DELETE ON "audit_chain"
FOR EACH ROW EXECUTE FUNCTION "audit_chain_guard"();
--> statement-breakpoint
CREATE TRIGGER "audit_chain_no_truncate" BEFORE TRUNCATE ON "audit_chain"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_chain_guard"();
--> statement-breakpoint
-- The retention purge: removes the rows before the first one written at or after `cutoff` (a
-- prefix of the chain) and moves the chain's start to the first row kept, remembering the hash
-- it follows, so the rest still verifies. Returns how many rows went.
CREATE FUNCTION "audit_log_purge"(cutoff timestamptz) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  head "audit_chain"%ROWTYPE;
  keep_from bigint;
  start_hash text;
  removed bigint;
BEGIN
  SELECT * INTO head FROM "audit_chain" WHERE "id" = 1 FOR UPDATE;
  SELECT min("id") INTO keep_from FROM "audit_log" WHERE "at" >= cutoff;
  IF keep_from IS NULL THEN
    keep_from := head."last_id" + 1;
    start_hash := head."last_hash";
  ELSE
    SELECT "prev_hash" INTO start_hash FROM "audit_log" WHERE "id" = keep_from;
  END IF;
  IF keep_from <= head."first_id" THEN
    RETURN 0;
  END IF;
  PERFORM set_config('audit_log.purging', 'on', true);
  UPDATE "audit_chain" SET "first_id" = keep_from, "first_prev_hash" = start_hash WHERE "id" = 1;
  DELETE FROM "audit_log" WHERE "id" < keep_from;
  GET DIAGNOSTICS removed = ROW_COUNT;
  PERFORM set_config('audit_log.purging', '', true);
  RETURN removed;
END
$$;
