-- The member counts per block also count verified members who are not bounced (a send's
-- recipients) and bounced members, so the member list filtered by status pages as fast as the
-- whole list. Recomputed from panel_users, then kept by the statement triggers below.
UPDATE "panel_user_counts" c SET "verified" = d.verified, "bounced" = d.bounced
FROM (
  SELECT "id" / 1024 AS bucket, "id" % 16 AS slot,
    count(*) FILTER (WHERE "is_verified" AND "delivery_status" = 'ok') AS verified,
    count(*) FILTER (WHERE "delivery_status" = 'bounced') AS bounced
  FROM "panel_users" GROUP BY 1, 2
) d
WHERE c."bucket" = d.bucket AND c."slot" = d.slot;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "panel_user_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "panel_user_counts" ("bucket", "slot", "members", "verified", "bounced")
  SELECT "id" / 1024, "id" % 16, count(*),
    count(*) FILTER (WHERE "is_verified" AND "delivery_status" = 'ok'),
    count(*) FILTER (WHERE "delivery_status" = 'bounced')
  FROM added_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("bucket", "slot") DO UPDATE
  SET "members" = "panel_user_counts"."members" + excluded."members",
      "verified" = "panel_user_counts"."verified" + excluded."verified",
      "bounced" = "panel_user_counts"."bounced" + excluded."bounced";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "panel_user_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT "id" / 1024 AS bucket, "id" % 16 AS slot, count(*) AS n,
      count(*) FILTER (WHERE "is_verified" AND "delivery_status" = 'ok') AS verified,
      count(*) FILTER (WHERE "delivery_status" = 'bounced') AS bounced
    FROM removed_rows GROUP BY 1, 2 ORDER BY 1, 2
  LOOP
    UPDATE "panel_user_counts"
    SET "members" = "members" - r.n, "verified" = "verified" - r.verified,
        "bounced" = "bounced" - r.bounced
    WHERE "bucket" = r.bucket AND "slot" = r.slot;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An update that moves members between verified, unverified and bounced (ids never change).
-- Statements that change neither column (a new verification token, a sign-up of a known
-- address) find no difference and write nothing.
CREATE FUNCTION "panel_user_counts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT bucket, slot, sum(verified) AS verified, sum(bounced) AS bounced FROM (
      SELECT "id" / 1024 AS bucket, "id" % 16 AS slot,
        ("is_verified" AND "delivery_status" = 'ok')::int AS verified,
        ("delivery_status" = 'bounced')::int AS bounced
      FROM new_rows
      UNION ALL
      SELECT "id" / 1024, "id" % 16,
        -("is_verified" AND "delivery_status" = 'ok')::int,
        -("delivery_status" = 'bounced')::int
      FROM old_rows
    ) d
    GROUP BY 1, 2 HAVING sum(verified) <> 0 OR sum(bounced) <> 0 ORDER BY 1, 2
  LOOP
    UPDATE "panel_user_counts"
    SET "verified" = "verified" + r.verified, "bounced" = "bounced" + r.bounced
    WHERE "bucket" = r.bucket AND "slot" = r.slot;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "panel_users_count_update" AFTER UPDATE ON "panel_users"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "panel_user_counts_changed"();
