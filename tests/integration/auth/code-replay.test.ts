import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { sessions } from "@/db/schema";
import * as challenges from "@/lib/auth/challenge";
import { recordTimeStep, signInWithCode, signInWithPassword } from "@/lib/auth/login";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { account, codeAt, PASSWORD, quietLogs, userRow } from "../../support/auth";

// Two requests with the same challenge or code can both pass the checks before either has
// ended the challenge or stored the code's time step; the sign-in then hinges on which one
// removes the challenge and stores the step first. Here the other request's win is played out
// inside `endChallenge`, at the moment the sign-in ends its challenge, so the outcome is fixed.
vi.mock("@/lib/auth/challenge", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/auth/challenge")>();
  return { ...actual, endChallenge: vi.fn(actual.endChallenge) };
});
const actual = await vi.importActual<typeof import("@/lib/auth/challenge")>("@/lib/auth/challenge");

quietLogs();

const T0 = new Date("2030-05-06T12:00:15Z");
const STEP = Math.floor(T0.getTime() / 30_000);

async function challengeFor(email: string): Promise<string> {
  const result = await signInWithPassword({ email, password: PASSWORD }, "client-r", T0);
  if (result.kind !== "needs-code") throw new Error("expected a challenge");
  return result.challengeToken;
}

async function expectReplayRefused(attempt: Promise<unknown>, userId: number) {
  await expect(attempt).rejects.toSatisfy(
    (e) => e instanceof AppError && e.code === ErrorCode.INCORRECT_2FA,
  );
  const db = await getDb();
  expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
  const lines = vi.mocked(console.warn).mock.calls.map((c) => {
    const { t, ...rest } = JSON.parse(String(c[0])) as Record<string, unknown>;
    expect(typeof t).toBe("string");
    return rest;
  });
  expect(lines).toEqual([
    {
      level: "warn",
      scope: "auth",
      message: "sign-in failed",
      step: "code",
      userId,
      reason: "replay",
    },
  ]);
}

describe("a right code that another request used a moment earlier", () => {
  it("is refused when the other request ended the challenge first", async () => {
    const { email, user, secret } = await account({ twoFactor: true });
    const token = await challengeFor(email);
    vi.mocked(challenges.endChallenge).mockImplementationOnce(async (id) => {
      await actual.endChallenge(id);
      return actual.endChallenge(id);
    });
    await expectReplayRefused(
      signInWithCode(token, await codeAt(secret!, T0), email, "client-r", T0),
      user.id,
    );
    expect((await userRow(user.id)).totpLastStep).toBeNull();
  });

  it("is refused when the other request stored the code's time step first", async () => {
    const { email, user, secret } = await account({ twoFactor: true });
    const token = await challengeFor(email);
    vi.mocked(challenges.endChallenge).mockImplementationOnce(async (id) => {
      await recordTimeStep(user.id, STEP);
      return actual.endChallenge(id);
    });
    await expectReplayRefused(
      signInWithCode(token, await codeAt(secret!, T0), email, "client-r", T0),
      user.id,
    );
    expect(await challenges.findChallenge(token, T0)).toBeNull();
  });
});
