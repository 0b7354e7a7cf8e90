import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { demoAdminNotice, seedDemo } from "@/lib/demo/seed";
import { passwordProblem } from "@/lib/auth/schemas.shared";
import * as login from "@/app/api/login/route";
import { call } from "../../support/http";
import { quietLogs } from "../../support/auth";

quietLogs();

describe("the demo seed", () => {
  it("creates an admin with a generated strong password that signs in, printed only by the caller", async () => {
    const result = await seedDemo(await getDb());
    expect(result.demoAdmin?.email).toBe("admin@example.org");
    const password = result.demoAdmin!.password;
    expect(passwordProblem(password)).toBeNull();
    expect(password.length).toBeGreaterThanOrEqual(30);
    const res = await call(login.POST, { body: { email: "admin@example.org", password } });
    expect(res.status).toBe(200);
    expect(res.body.user.is_admin).toBe(true);
    expect(demoAdminNotice(result)).toContain(password);
    expect(demoAdminNotice({ demoAdmin: null })).not.toContain("password:");
  });
});
