import { describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { staffUsers } from "@/db/schema";
import { changePassword, deleteOwnAccount, signOutOtherSessions } from "@/lib/auth/account";
import {
  issueSetPasswordToken,
  requestPasswordReset,
  resetPassword,
} from "@/lib/auth/password-reset";
import { createSession } from "@/lib/auth/session";
import { sha256Hex } from "@/lib/crypto/tokens";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";

import { captureLogLines } from "../../support/log-lines";
import { fakeProviderForFile } from "../../support/mailings";
import { account, PASSWORD, userRow } from "../../support/auth";

// What whoever runs the site reads afterwards about changes to an account: one line per event,
// naming the account by id, never a password or a link's token.

const log = captureLogLines();
const lines = () => log.lines();
const authLines = () => lines().filter((l) => l.scope === "auth");

const provider = fakeProviderForFile();

/** The reset mail is sent after the answer; waits for its log line. */
async function settled(message: string): Promise<void> {
  await vi.waitFor(() => expect(lines().map((l) => l.message)).toContain(message), {
    timeout: 10_000,
  });
}

const NEW_PASSWORD = "Brand-New-Pass-4";

describe("the account log", () => {
  it("records a refused and an accepted password change", async () => {
    const { user } = await account();
    const { token } = await createSession(user.id);
    const sessionId = sha256Hex(token);
    const wrong = { current_password: "Not-The-One-1", new_password: NEW_PASSWORD };
    await expect(changePassword(user, sessionId, wrong)).rejects.toBeInstanceOf(AppError);
    await changePassword(user, sessionId, {
      current_password: PASSWORD,
      new_password: NEW_PASSWORD,
    });

    expect(authLines()).toEqual([
      {
        level: "warn",
        scope: "auth",
        message: "password not changed: wrong current password",
        userId: user.id,
      },
      { level: "info", scope: "auth", message: "password changed", userId: user.id },
    ]);
    expect(JSON.stringify(lines())).not.toContain(NEW_PASSWORD);
  });

  it("records a change refused because the password changed meanwhile", async () => {
    const { user } = await account();
    const { token } = await createSession(user.id);
    const sessionId = sha256Hex(token);
    const before = await userRow(user.id);
    await changePassword(before, sessionId, {
      current_password: PASSWORD,
      new_password: NEW_PASSWORD,
    });
    log.clear();
    // A request that read the account before that change, with the password it then had.
    const error = await changePassword(before, sessionId, {
      current_password: PASSWORD,
      new_password: "Yet-Another-Pass-5",
    }).catch((e: unknown) => e);
    expect((error as AppError).code).toBe(ErrorCode.WRONG_PASSWORD);
    expect(authLines()).toEqual([
      {
        level: "warn",
        scope: "auth",
        message: "password not changed: it changed meanwhile",
        userId: user.id,
      },
    ]);
  });

  it("records signing out elsewhere with how many sessions ended", async () => {
    const { user } = await account();
    const { token } = await createSession(user.id);
    await createSession(user.id);
    await createSession(user.id);
    expect(await signOutOtherSessions(user, sha256Hex(token))).toBe(2);
    expect(authLines()).toEqual([
      {
        level: "info",
        scope: "auth",
        message: "signed out everywhere else",
        userId: user.id,
        ended: 2,
      },
    ]);
  });

  it("records an account deleted by its owner, and a refused attempt with what was refused", async () => {
    const { user } = await account();
    await expect(deleteOwnAccount(user, { password: "Not-The-One-1" })).rejects.toBeInstanceOf(
      AppError,
    );
    await deleteOwnAccount(user, { password: PASSWORD });
    expect(authLines()).toEqual([
      {
        level: "warn",
        scope: "auth",
        message: "action refused: wrong password",
        userId: user.id,
        action: "delete own account",
      },
      { level: "info", scope: "auth", message: "account deleted by its owner", userId: user.id },
    ]);
  });

  it("records a password set with a mailed link, and for what purpose", async () => {
    const { user, email } = await account();
    const token = await issueSetPasswordToken(user.id, "invite");
    await resetPassword({ email, reset_token: token, new_password: NEW_PASSWORD });
    expect(authLines()).toEqual([
      {
        level: "info",
        scope: "auth",
        message: "password set with a mailed link",
        userId: user.id,
        purpose: "invite",
      },
    ]);
    expect(JSON.stringify(lines())).not.toContain(token);
  });

  it("records a reset mail sent, and a failed one with what was being sent", async () => {
    const { user, email } = await account();
    await requestPasswordReset(email, "en");
    await settled("password reset mail sent");
    expect(authLines()).toContainEqual({
      level: "info",
      scope: "auth",
      message: "password reset mail sent",
      userId: user.id,
    });

    log.clear();
    provider().failNext({ status: 500 });
    await requestPasswordReset(email, "en");
    await vi.waitFor(() => expect(lines().some((l) => l.level === "error")).toBe(true), {
      timeout: 10_000,
    });
    expect(lines().find((l) => l.level === "error")).toMatchObject({
      scope: "auth",
      action: "password reset mail",
      userId: user.id,
    });
    expect(lines().map((l) => l.message)).not.toContain("password reset mail sent");
  });

  it("refuses a password change for an account that has no password yet", async () => {
    const { user } = await account();
    const db = await getDb();
    const [invited] = await db
      .update(staffUsers)
      .set({ passwordHash: null })
      .where(eq(staffUsers.id, user.id))
      .returning();
    const { token } = await createSession(user.id);
    const error = await changePassword(invited, sha256Hex(token), {
      current_password: "",
      new_password: NEW_PASSWORD,
    }).catch((e: unknown) => e);
    expect((error as AppError).code).toBe(ErrorCode.WRONG_PASSWORD);
    expect((await userRow(user.id)).passwordHash).toBeNull();
  });
});
