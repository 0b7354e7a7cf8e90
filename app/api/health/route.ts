import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { otherMethods, route } from "@/lib/http/handler";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "none" }, async () => {
  const db = await getDb();
  await db.execute(sql`select 1`);
  return { status: "ok" };
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
