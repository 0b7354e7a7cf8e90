-- Member counts per block of 1,024 ids (and 16 slots in each), so the member list can find the
-- block a page starts in. The counts are recomputed from panel_users below.
DELETE FROM "panel_user_counts";--> statement-breakpoint
ALTER TABLE "panel_user_counts" DROP CONSTRAINT "panel_user_counts_pkey";--> statement-breakpoint
ALTER TABLE "panel_user_counts" ADD COLUMN "bucket" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "panel_user_counts" ADD CONSTRAINT "panel_user_counts_bucket_slot_pk" PRIMARY KEY("bucket","slot");--> statement-breakpoint
INSERT INTO "panel_user_counts" ("bucket", "slot", "members")
SELECT "id" / 1024, "id" % 16, count(*) FROM "panel_users" GROUP BY 1, 2;
--> statement-breakpoint
-- Rows are inserted in key order, so two statements can never deadlock on the counter rows.
CREATE OR REPLACE FUNCTION "panel_user_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "panel_user_counts" ("bucket", "slot", "members")
  SELECT "id" / 1024, "id" % 16, count(*) FROM added_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("bucket", "slot") DO UPDATE
  SET "members" = "panel_user_counts"."members" + excluded."members";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "panel_user_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT "id" / 1024 AS bucket, "id" % 16 AS slot, count(*) AS n FROM removed_rows
    GROUP BY 1, 2 ORDER BY 1, 2
  LOOP
    UPDATE "panel_user_counts" SET "members" = "members" - r.n
    WHERE "bucket" = r.bucket AND "slot" = r.slot;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "panel_user_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "panel_user_counts";
  RETURN NULL;
END
$$;
