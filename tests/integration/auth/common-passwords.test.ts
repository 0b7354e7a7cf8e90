import { describe, expect, it } from "vitest";
import * as changePassword from "@/app/api/change_password/route";
import * as forgot from "@/app/api/forgot_password/route";
import * as login from "@/app/api/login/route";
import * as reset from "@/app/api/reset_password/route";
import * as staff from "@/app/api/staff/route";
import { isCommonPassword } from "@/lib/auth/common-passwords";
import { COMMON_PASSWORD_TEXT } from "@/lib/auth/schemas.shared";
import { createStaffAccount, findStaffByEmail } from "@/lib/auth/staff-users";
import { AppError } from "@/lib/errors/app-error";
import { memoryOutbox } from "@/lib/mail/transports/memory";
import { call } from "../../support/http";
import { account, fragmentParams, PASSWORD, quietLogs, signIn, userRow } from "../../support/auth";

quietLogs();

// Each keeps the spec's rules (8 characters, upper, lower, digit) and is on the common list in
// some casing: only the list refuses them.
const COMMON = ["Password1", "pASSWORD123", "Qwerty123", "Welkom01"];
const refusedAs = (field: string) => ({
  code: 4,
  message: "The new password does not meet the conditions",
  fields: { [field]: COMMON_PASSWORD_TEXT },
});

let ip = 0;
const nextIp = () => `198.18.7.${++ip}`;

/** The last set-password link mailed to `email`: its address and token. */
function linkFor(email: string) {
  const mail = memoryOutbox()
    .filter((m) => m.to === email)
    .at(-1)!;
  const link = new URL(mail.text.match(/https?:\/\/\S+reset-password\S+/)![0]);
  return {
    email: fragmentParams(link).get("email")!,
    reset_token: fragmentParams(link).get("reset_token")!,
  };
}

describe("the common-password list", () => {
  it("is compared without regard to case and leaves uncommon passwords alone", async () => {
    for (const password of COMMON) expect(await isCommonPassword(password), password).toBe(true);
    expect(await isCommonPassword("PASSWORD")).toBe(true);
    expect(await isCommonPassword("Brand-New-Passw0rd")).toBe(false);
  });
});

describe("every place a password is set refuses a common one with code 4", () => {
  it("POST /api/change_password, under new_password, and changes nothing", async () => {
    const { email, user } = await account();
    const cookie = await signIn(email);
    const before = (await userRow(user.id)).passwordHash;
    for (const new_password of COMMON) {
      const res = await call(changePassword.POST, {
        cookie,
        body: { current_password: PASSWORD, new_password },
      });
      expect(res.status, new_password).toBe(400);
      expect(res.body.error).toEqual(refusedAs("new_password"));
    }
    expect((await userRow(user.id)).passwordHash).toBe(before);
    const ok = await call(changePassword.POST, {
      cookie,
      body: { current_password: PASSWORD, new_password: "Brand-New-Passw0rd" },
    });
    expect(ok.status).toBe(200);
  });

  it("POST /api/reset_password, under new_password, and the link stays usable", async () => {
    const { email } = await account();
    expect((await call(forgot.POST, { body: { email }, ip: nextIp() })).status).toBe(200);
    const link = linkFor(email);
    const common = await call(reset.POST, {
      body: { ...link, new_password: "pASSWORD123" },
      ip: nextIp(),
    });
    expect(common.status).toBe(400);
    expect(common.body.error).toEqual(refusedAs("new_password"));
    expect((await call(login.POST, { body: { email, password: PASSWORD } })).status).toBe(200);
    const ok = await call(reset.POST, {
      body: { ...link, new_password: "Uncommon-Passw0rd" },
      ip: nextIp(),
    });
    expect(ok.status).toBe(200);
  });

  it("accepting an invitation (the reset call with the invitation's link)", async () => {
    const admin = await account({ admin: true });
    const cookie = await signIn(admin.email);
    const email = `invited-${Date.now()}@example.org`;
    const invited = await call(staff.POST, { cookie, body: { email, is_admin: false } });
    expect(invited.status).toBe(200);
    const link = linkFor(email);
    const common = await call(reset.POST, {
      body: { ...link, new_password: "Welkom01" },
      ip: nextIp(),
    });
    expect(common.status).toBe(400);
    expect(common.body.error).toEqual(refusedAs("new_password"));
    expect((await findStaffByEmail(email))!.passwordHash).toBeNull();
    const ok = await call(reset.POST, {
      body: { ...link, new_password: "Chosen-Passw0rd" },
      ip: nextIp(),
    });
    expect(ok.status).toBe(200);
  });

  it("npm run staff:create (createStaffAccount), under password", async () => {
    const email = `made-${Date.now()}@example.org`;
    const error = await createStaffAccount({ email, password: "Qwerty123" }).then(
      () => undefined,
      (e: unknown) => e as AppError,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error!.code).toBe(4);
    expect(error!.fields).toEqual({ password: COMMON_PASSWORD_TEXT });
    expect(await findStaffByEmail(email)).toBeNull();
  });
});
