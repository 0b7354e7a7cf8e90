CREATE TABLE "panel_user_counts" (
	"slot" smallint PRIMARY KEY NOT NULL,
	"members" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Sixteen slots, filled with the members that already exist.
INSERT INTO "panel_user_counts" ("slot", "members") SELECT g, 0 FROM generate_series(0, 15) AS g;
--> statement-breakpoint
UPDATE "panel_user_counts" c SET "members" = d.n
FROM (SELECT "id" % 16 AS slot, count(*) AS n FROM "panel_users" GROUP BY 1) d
WHERE c."slot" = d.slot;
--> statement-breakpoint
-- Statement triggers with transition tables: one update per touched slot per statement, taken in
-- slot order so two bulk statements can never deadlock on the counter rows.
CREATE FUNCTION "panel_user_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT "id" % 16 AS slot, count(*) AS n FROM added_rows GROUP BY 1 ORDER BY 1 LOOP
    UPDATE "panel_user_counts" SET "members" = "members" + r.n WHERE "slot" = r.slot;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "panel_user_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT "id" % 16 AS slot, count(*) AS n FROM removed_rows GROUP BY 1 ORDER BY 1 LOOP
    UPDATE "panel_user_counts" SET "members" = "members" - r.n WHERE "slot" = r.slot;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "panel_user_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "panel_user_counts" SET "members" = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "panel_users_count_insert" AFTER INSERT ON "panel_users"
REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION "panel_user_counts_added"();
--> statement-breakpoint
CREATE TRIGGER "panel_users_count_delete" AFTER DELETE ON "panel_users"
REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION "panel_user_counts_removed"();
--> statement-breakpoint
CREATE TRIGGER "panel_users_count_truncate" AFTER TRUNCATE ON "panel_users"
FOR EACH STATEMENT EXECUTE FUNCTION "panel_user_counts_truncated"();
