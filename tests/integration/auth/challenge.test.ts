import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { loginChallenges } from "@/db/schema";
import {
  createChallenge,
  endChallenge,
  findChallenge,
  MAX_CODE_ATTEMPTS,
  recordFailedCode,
} from "@/lib/auth/challenge";
import { sha256Hex } from "@/lib/crypto/tokens";
import { account } from "../../support/auth";

const T0 = new Date("2030-05-06T12:00:15Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

async function storedChallenges(userId: number) {
  const db = await getDb();
  return db.select().from(loginChallenges).where(eq(loginChallenges.userId, userId));
}

describe("a pending sign-in challenge", () => {
  it("is live until the millisecond before it expires, then gone for good", async () => {
    const { user } = await account({ twoFactor: true });
    const { token, expiresAt } = await createChallenge(user.id, T0);
    expect(expiresAt).toEqual(at(5 * 60 * 1000));
    expect(await findChallenge(token, at(5 * 60 * 1000 - 1))).toMatchObject({
      id: sha256Hex(token),
      user: { id: user.id },
      failedAttempts: 0,
    });
    // At exactly its expiry time it has expired, and the lookup removes it.
    expect(await findChallenge(token, expiresAt)).toBeNull();
    expect(await storedChallenges(user.id)).toHaveLength(0);
    expect(await findChallenge(token, T0)).toBeNull();
  });

  it("is looked up only for tokens of at most 128 characters", async () => {
    const { user } = await account({ twoFactor: true });
    const db = await getDb();
    // Real tokens are far shorter; rows for the longest accepted and a longer one are written
    // by hand to show where the lookup stops hashing what a client sends.
    const longest = "a".repeat(128);
    const tooLong = "b".repeat(129);
    for (const token of [longest, tooLong]) {
      await db.insert(loginChallenges).values({
        id: sha256Hex(token),
        userId: user.id,
        createdAt: T0,
        expiresAt: at(60_000),
      });
    }
    expect(await findChallenge(longest, T0)).toMatchObject({ user: { id: user.id } });
    expect(await findChallenge(tooLong, T0)).toBeNull();
    expect(await findChallenge("", T0)).toBeNull();
    expect(await findChallenge(undefined, T0)).toBeNull();
  });

  it("stays usable for four wrong codes; the fifth ends it", async () => {
    const { user } = await account({ twoFactor: true });
    const { token } = await createChallenge(user.id, T0);
    const id = sha256Hex(token);
    for (let i = 1; i < MAX_CODE_ATTEMPTS; i++) {
      expect(await recordFailedCode(id)).toBe(true);
      expect((await findChallenge(token, T0))?.failedAttempts).toBe(i);
    }
    expect(await recordFailedCode(id)).toBe(false);
    expect(await storedChallenges(user.id)).toHaveLength(0);
    // A wrong code for a challenge that is already gone reports it as not usable.
    expect(await recordFailedCode(id)).toBe(false);
  });

  it("can be ended once: only the caller that removed it hears true", async () => {
    const { user } = await account({ twoFactor: true });
    const { token } = await createChallenge(user.id, T0);
    expect(await endChallenge(sha256Hex(token))).toBe(true);
    expect(await endChallenge(sha256Hex(token))).toBe(false);
    expect(await findChallenge(token, T0)).toBeNull();
  });
});
