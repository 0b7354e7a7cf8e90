import "server-only";
import { eq, lt, sql } from "drizzle-orm";
import { dbOr, getDb, type DbOrTx } from "@/db/client";
import { loginChallenges, staffUsers, type StaffUser } from "@/db/schema";
import { getConfig } from "@/config";
import { randomToken, sha256Hex } from "@/lib/crypto/tokens";
import { serializeCookie } from "@/lib/cookies";
import { MAX_CODE_ATTEMPTS } from "./challenge-limits.shared";

/**
 * A password step that succeeded for an account with two-factor on. Only the holder of its
 * cookie can continue with a code: knowing an address is never enough to reach that step.
 */
export const CHALLENGE_COOKIE = "login_challenge";
const CHALLENGE_PATH = "/api/login_2fa";
const CHALLENGE_MS = 5 * 60 * 1000;
export { MAX_CODE_ATTEMPTS };

export async function createChallenge(userId: number, now = new Date()) {
  const db = await getDb();
  const token = randomToken(20);
  const expiresAt = new Date(now.getTime() + CHALLENGE_MS);
  // One pending challenge per account: a new password step replaces the previous one.
  await db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
  await db
    .insert(loginChallenges)
    .values({ id: sha256Hex(token), userId, createdAt: now, expiresAt });
  return { token, expiresAt };
}

export type PendingChallenge = { id: string; user: StaffUser; failedAttempts: number };

/** The live challenge behind a cookie token, or null (unknown, expired or used up). */
export async function findChallenge(
  token: string | undefined,
  now = new Date(),
): Promise<PendingChallenge | null> {
  return readChallenge(await getDb(), token, now, false);
}

/**
 * `findChallenge` inside the code step's transaction, holding the challenge's row and its
 * account's row until that transaction ends: two codes sent at once for one account are judged
 * one after the other, each seeing what the other counted (its challenge's wrong codes, the
 * account's lock), so neither limit can be outrun by sending many codes together.
 */
export function lockChallenge(
  token: string | undefined,
  now: Date,
  tx: DbOrTx,
): Promise<PendingChallenge | null> {
  return readChallenge(tx, token, now, true);
}

async function readChallenge(
  db: DbOrTx,
  token: string | undefined,
  now: Date,
  forUpdate: boolean,
): Promise<PendingChallenge | null> {
  if (!token || token.length > 128) return null;
  const id = sha256Hex(token);
  const query = db
    .select({ challenge: loginChallenges, user: staffUsers })
    .from(loginChallenges)
    .innerJoin(staffUsers, eq(staffUsers.id, loginChallenges.userId))
    .where(eq(loginChallenges.id, id))
    .limit(1);
  const [row] = await (forUpdate ? query.for("update") : query);
  if (!row) return null;
  if (row.challenge.expiresAt.getTime() <= now.getTime()) {
    await db.delete(loginChallenges).where(eq(loginChallenges.id, id));
    return null;
  }
  return { id, user: row.user, failedAttempts: row.challenge.failedAttempts };
}

/** Counts a wrong code; the fifth ends the challenge. Returns whether it is still usable. */
export async function recordFailedCode(challengeId: string, tx?: DbOrTx): Promise<boolean> {
  const db = await dbOr(tx);
  const [row] = await db
    .update(loginChallenges)
    .set({ failedAttempts: sql`${loginChallenges.failedAttempts} + 1` })
    .where(eq(loginChallenges.id, challengeId))
    .returning({ failedAttempts: loginChallenges.failedAttempts });
  if (!row) return false;
  if (row.failedAttempts >= MAX_CODE_ATTEMPTS) {
    await endChallenge(challengeId, tx);
    return false;
  }
  return true;
}

/** Removes a challenge; true only for the one caller that actually removed it. */
export async function endChallenge(challengeId: string, tx?: DbOrTx): Promise<boolean> {
  const db = await dbOr(tx);
  const removed = await db
    .delete(loginChallenges)
    .where(eq(loginChallenges.id, challengeId))
    .returning({ id: loginChallenges.id });
  return removed.length > 0;
}

export async function endUserChallenges(userId: number, tx?: DbOrTx): Promise<void> {
  const db = await dbOr(tx);
  await db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
}

export async function deleteExpiredChallenges(now = new Date()): Promise<void> {
  const db = await getDb();
  await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now));
}

export function challengeCookie(token: string): string {
  return serializeCookie(CHALLENGE_COOKIE, token, {
    maxAgeSeconds: CHALLENGE_MS / 1000,
    httpOnly: true,
    secure: getConfig().isProduction,
    sameSite: "Strict",
    path: CHALLENGE_PATH,
  });
}

export function clearedChallengeCookie(): string {
  return serializeCookie(CHALLENGE_COOKIE, "", {
    maxAgeSeconds: 0,
    httpOnly: true,
    secure: getConfig().isProduction,
    sameSite: "Strict",
    path: CHALLENGE_PATH,
  });
}
