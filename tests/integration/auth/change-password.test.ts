import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { sessions } from "@/db/schema";
import * as changePassword from "@/app/api/change_password/route";
import * as login from "@/app/api/login/route";
import * as whoami from "@/app/api/whoami/route";
import { call } from "../../support/http";
import { account, PASSWORD, quietLogs, signIn, userRow } from "../../support/auth";

quietLogs();

describe("POST /api/change_password", () => {
  it("changes the password, answers the user and ends every other session", async () => {
    const { email, user } = await account();
    const here = await signIn(email);
    const elsewhere = await signIn(email, PASSWORD, "192.0.2.200");
    const res = await call(changePassword.POST, {
      cookie: here,
      body: { current_password: PASSWORD, new_password: "Brand-New-Passw0rd" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, email, two_factor_enabled: false });
    expect((await call(whoami.GET, { cookie: here })).status).toBe(200);
    expect((await call(whoami.GET, { cookie: elsewhere })).status).toBe(401);
    const db = await getDb();
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    expect((await call(login.POST, { body: { email, password: PASSWORD } })).status).toBe(401);
    expect(
      (await call(login.POST, { body: { email, password: "Brand-New-Passw0rd" } })).status,
    ).toBe(200);
  });

  it("answers a wrong current password with 400 code 3 and changes nothing", async () => {
    const { email, user } = await account();
    const cookie = await signIn(email);
    const before = (await userRow(user.id)).passwordHash;
    const res = await call(changePassword.POST, {
      cookie,
      body: { current_password: "Not-The-Passw0rd", new_password: "Brand-New-Passw0rd" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 3, message: "Wrong password" });
    expect((await userRow(user.id)).passwordHash).toBe(before);
  });

  it("answers a new password that breaks a rule with code 4 and the rule's text", async () => {
    const { email, user } = await account();
    const cookie = await signIn(email);
    const before = (await userRow(user.id)).passwordHash;
    const cases: [string, string][] = [
      ["", "please enter a new password"],
      ["Sh0rt", "your password must have 8 characters or more"],
      ["all-lower-case-1", "your password must contain at least one uppercase letter"],
      ["ALL-UPPER-CASE-1", "your password must contain at least one lowercase letter"],
      ["No-Digits-At-All", "your password must contain at least one digit"],
    ];
    for (const [newPassword, message] of cases) {
      const res = await call(changePassword.POST, {
        cookie,
        body: { current_password: PASSWORD, new_password: newPassword },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: 4,
        message: "The new password does not meet the conditions",
        fields: { new_password: message },
      });
    }
    expect((await userRow(user.id)).passwordHash).toBe(before);
  });

  it("needs a session (401 code 25) before it looks at the body", async () => {
    const res = await call(changePassword.POST, { body: { nonsense: true } });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe(25);
  });
});
