import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/cron/deliver/route";
import { getDb } from "@/db/client";
import { sessions } from "@/db/schema";
import { call } from "../../helpers/http";
import { staffWithSession } from "../../helpers/staff";
import { sha256Hex } from "@/lib/crypto/tokens";

const path = "/api/cron/deliver";

describe("POST /api/cron/deliver", () => {
  it("refuses a caller without the bearer secret, from any origin, with 401 code 25", async () => {
    for (const authorization of [undefined, "Bearer wrong-secret-0123456789", "test-cron-secret-0123456789"]) {
      const res = await call(POST, {
        path,
        method: "POST",
        origin: null,
        headers: authorization ? { authorization } : {},
      });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe(25);
    }
  });

  it("runs the scheduled work for the scheduler: expired sessions are removed", async () => {
    const staff = await staffWithSession();
    const db = await getDb();
    const id = sha256Hex(staff.cookie.split("=")[1]);
    await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, id));
    const res = await call(POST, {
      path,
      method: "POST",
      origin: null,
      headers: { authorization: "Bearer test-cron-secret-0123456789" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ housekeeping: "done" });
    expect(await db.select().from(sessions).where(eq(sessions.id, id))).toHaveLength(0);
  });
});
