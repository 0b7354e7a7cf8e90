import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, transaction } from "@/db/client";
import { panelUsers, sessions, staffUsers, surveyResponses } from "@/db/schema";
import { createSession, revokeUserSessions } from "@/lib/auth/session";
import { setStaffAdmin } from "@/lib/auth/staff-admin";
import { removePanelUser } from "@/lib/panel/leave";
import { signUp } from "@/lib/panel/signup";
import { submitResponse } from "@/lib/responses/submit";
import type { Answer } from "@/lib/surveys/answers.shared";
import { staffWithSession } from "../../support/staff";
import { insertStudyWithSurvey, validAnswers } from "../../support/survey";

// Writing functions take the caller's transaction, so a route can make several changes that
// succeed or fail together.

class Rollback extends Error {}

async function rolledBack(work: Parameters<typeof transaction>[1]): Promise<void> {
  await expect(transaction(undefined, work)).rejects.toBeInstanceOf(Rollback);
}

async function memberByEmail(email: string) {
  const db = await getDb();
  const [row] = await db.select().from(panelUsers).where(eq(panelUsers.email, email));
  return row ?? null;
}

describe("writing functions inside a caller's transaction", () => {
  it("leave nothing behind when the caller's transaction fails", async () => {
    const { user } = await staffWithSession();
    const { surveyUuid } = await insertStudyWithSurvey();
    const db = await getDb();
    const sessionsBefore = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(sessionsBefore).toHaveLength(1);

    await rolledBack(async (tx) => {
      await createSession(user.id, new Date(), tx);
      await signUp("rolled-back@example.org", "nl", new Date(), tx);
      await submitResponse(surveyUuid, validAnswers() as Answer[], undefined, tx);
      await revokeUserSessions(user.id, undefined, tx);
      // Inside the transaction every change is visible…
      expect(await tx.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
      expect(await tx.select().from(surveyResponses)).toHaveLength(1);
      throw new Rollback();
    });

    // …and after it nothing of them is.
    const sessionsAfter = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(sessionsAfter.map((s) => s.id)).toEqual(sessionsBefore.map((s) => s.id));
    expect(await memberByEmail("rolled-back@example.org")).toBeNull();
    expect(await db.select().from(surveyResponses)).toHaveLength(0);
  });

  it("commit together with the caller's other writes", async () => {
    // Taking the role away: it asks for no password (a password check counts under a rate
    // limit outside any transaction, so the calls that ask for one are not composed).
    // Another admin who can sign in (an invitation not yet accepted would not count).
    await staffWithSession({ admin: true, password: "another-admin-password-2026" });
    const { user, sessionId } = await staffWithSession({ admin: true });
    await transaction(undefined, async (tx) => {
      await signUp("together@example.org", "en", new Date(), tx);
      await setStaffAdmin(user.id, { is_admin: false }, { user, sessionId }, new Date(), tx);
    });
    expect((await memberByEmail("together@example.org"))?.locale).toBe("en");
    const db = await getDb();
    const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, user.id));
    expect(row.isAdmin).toBe(false);
  });

  it("run their own atomic step as a savepoint: a refusal undoes only that step", async () => {
    const db = await getDb();
    // Make one admin the only one, so removing them is refused.
    await db.update(staffUsers).set({ isAdmin: false });
    const { user: admin, sessionId } = await staffWithSession({ admin: true });
    await signUp("leaving@example.org", "nl");
    const leaving = (await memberByEmail("leaving@example.org"))!;

    await transaction(undefined, async (tx) => {
      await expect(
        setStaffAdmin(admin.id, { is_admin: false }, { user: admin, sessionId }, new Date(), tx),
      ).rejects.toMatchObject({ code: 8 });
      // The caller's transaction is still usable after the refused step.
      expect(await removePanelUser(leaving.id, tx)).toBe(true);
    });

    expect(await memberByEmail("leaving@example.org")).toBeNull();
    const [stillThere] = await db.select().from(staffUsers).where(eq(staffUsers.id, admin.id));
    expect(stillThere.isAdmin).toBe(true);
  });
});
