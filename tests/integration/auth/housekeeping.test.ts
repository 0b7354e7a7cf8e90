import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { loginChallenges, passwordResetTokens } from "@/db/schema";
import { createChallenge } from "@/lib/auth/challenge";
import { issueSetPasswordToken } from "@/lib/auth/password-reset";
import { runHousekeeping } from "@/lib/jobs/housekeeping";
import { account } from "../../support/auth";

describe("housekeeping of sign-in leftovers", () => {
  it("removes expired challenges and links that are used or long expired, keeps live ones", async () => {
    const { user } = await account();
    const other = await account();
    const db = await getDb();
    const past = new Date(Date.now() - 3 * 86_400_000);
    await createChallenge(user.id, past);
    await createChallenge(other.user.id);
    await issueSetPasswordToken(user.id, "reset", past);
    const live = await issueSetPasswordToken(other.user.id, "invite");

    await runHousekeeping();

    const challenges = await db.select().from(loginChallenges);
    expect(challenges.map((c) => c.userId)).toEqual([other.user.id]);
    const tokens = await db.select().from(passwordResetTokens);
    expect(tokens).toHaveLength(1);
    expect(tokens[0].userId).toBe(other.user.id);
    expect(live).toMatch(/^[a-z2-7]{32}$/);
  });
});
