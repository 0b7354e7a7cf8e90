import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { sessions, staffUsers } from "@/db/schema";
import {
  inviteStaff,
  removeStaff,
  resendInvitation,
  resetStaffTwoFactor,
  setStaffAdmin,
} from "@/lib/auth/staff-admin";
import { createSession } from "@/lib/auth/session";
import { sha256Hex } from "@/lib/crypto/tokens";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { statusOf } from "@/lib/http/status";

import { captureLogLines } from "../../support/log-lines";
import { fakeProviderForFile } from "../../support/mailings";
import { account, PASSWORD } from "../../support/auth";

// What an admin does to other accounts is logged with who did it to whom; a refused attempt
// names what was refused. Checked line by line, since these are the record of staff changes.

const log = captureLogLines();
const authLines = () => log.lines().filter((l) => l.scope === "auth");

const provider = fakeProviderForFile();

async function admin() {
  const a = await account({ admin: true });
  const { token } = await createSession(a.user.id);
  return { ...a, actor: { user: a.user, sessionId: sha256Hex(token) } };
}

async function sessionCount(userId: number): Promise<number> {
  const db = await getDb();
  return (await db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

const wrong = { password: "Not-The-One-1" };
const refused = (userId: number, action: string) => ({
  level: "warn",
  scope: "auth",
  message: "action refused: wrong password",
  userId,
  action,
});

describe("the staff log", () => {
  it("records an invitation and one sent again, by whom", async () => {
    const { user: by } = await admin();
    const email = `invited-${Date.now()}@example.org`;
    const invited = await inviteStaff({ email, name: "New", is_admin: false }, by, "en");
    await resendInvitation(invited.id, "en");
    expect(authLines()).toEqual([
      {
        level: "info",
        scope: "auth",
        message: "staff member invited",
        userId: invited.id,
        invitedBy: by.id,
      },
      { level: "info", scope: "auth", message: "staff invitation sent again", userId: invited.id },
    ]);
  });

  it("records the role granted and taken away, by whom, and a refused grant", async () => {
    const { user: by, actor } = await admin();
    const { user } = await account();
    await expect(setStaffAdmin(user.id, { is_admin: true, ...wrong }, actor)).rejects.toThrow();
    await setStaffAdmin(user.id, { is_admin: true, password: PASSWORD }, actor);
    await setStaffAdmin(user.id, { is_admin: false }, actor);
    expect(authLines()).toEqual([
      refused(by.id, "grant admin"),
      { level: "info", scope: "auth", message: "admin role granted", userId: user.id, by: by.id },
      {
        level: "info",
        scope: "auth",
        message: "admin role taken away",
        userId: user.id,
        by: by.id,
      },
    ]);
  });

  it("records a removal and a two-factor reset, by whom, and refused ones", async () => {
    const { user: by, actor } = await admin();
    const { user: phoneLost } = await account({ twoFactor: true });
    const { user: leaving } = await account();
    await expect(resetStaffTwoFactor(phoneLost.id, wrong, actor)).rejects.toThrow();
    await resetStaffTwoFactor(phoneLost.id, { password: PASSWORD }, actor);
    await expect(removeStaff(leaving.id, wrong, by)).rejects.toThrow();
    await removeStaff(leaving.id, { password: PASSWORD }, by);
    expect(authLines()).toEqual([
      refused(by.id, "reset two-factor"),
      {
        level: "info",
        scope: "auth",
        message: "two-factor reset by an admin",
        userId: phoneLost.id,
        by: by.id,
      },
      refused(by.id, "remove staff member"),
      {
        level: "info",
        scope: "auth",
        message: "staff member removed",
        userId: leaving.id,
        by: by.id,
      },
    ]);
  });
});

describe("staff changes at their edges", () => {
  it("an invitation whose mail cannot be sent leaves no account behind", async () => {
    const { user: by } = await admin();
    const email = `undeliverable-${Date.now()}@example.org`;
    provider().failNext({ status: 500 });
    const error = await inviteStaff({ email, name: "Nobody", is_admin: false }, by, "en").catch(
      (e: unknown) => e,
    );
    // Try again later (503 code 13), not the provider's failure passed on as a 500.
    expect(error).toBeInstanceOf(AppError);
    expect(statusOf(error as AppError)).toBe(503);
    expect((error as AppError).code).toBe(ErrorCode.UNKNOWN);
    expect((error as AppError).message).toBe("Could not send the email, try again later");
    const db = await getDb();
    expect(await db.select().from(staffUsers).where(eq(staffUsers.email, email))).toEqual([]);
  });

  it("an invitation is not sent again to an account that is already active", async () => {
    const { user } = await account();
    const error = await resendInvitation(user.id, "en").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(ErrorCode.INVALID_INPUT);
    expect((error as AppError).message).toBe("This account is already active");
  });

  it("taking the role from someone who does not have it ends none of their sessions", async () => {
    const { actor } = await admin();
    const { user } = await account();
    await createSession(user.id);
    await setStaffAdmin(user.id, { is_admin: false }, actor);
    expect(await sessionCount(user.id)).toBe(1);
  });
});
