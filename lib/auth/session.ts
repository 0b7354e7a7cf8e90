import "server-only";
import { and, eq, lt, ne } from "drizzle-orm";
import { dbOr, getDb, type DbOrTx } from "@/db/client";
import { sessions, staffUsers, type StaffUser } from "@/db/schema";
import { getConfig } from "@/lib/config";
import { serializeCookie } from "@/lib/cookies";
import { randomToken, sha256Hex } from "@/lib/crypto/tokens";
import type { PublicUser } from "./public-user";
import { SIGNED_IN_HINT_COOKIE } from "./signed-in-hint";

export const SESSION_COOKIE = "session";
const SESSION_MS = 7 * 24 * 3600 * 1000;

export type SessionContext = {
  sessionId: string;
  user: StaffUser;
  expiresAt: Date;
  /** True when the expiry was pushed forward and the cookie should be sent again. */
  renewed: boolean;
};

/** Starts a new session for the user; returns the token for the cookie (never stored). */
export async function createSession(userId: number, now = new Date(), tx?: DbOrTx) {
  const db = await dbOr(tx);
  const token = randomToken(20);
  const expiresAt = new Date(now.getTime() + SESSION_MS);
  await db.insert(sessions).values({ id: sha256Hex(token), userId, createdAt: now, expiresAt });
  return { token, expiresAt };
}

/**
 * Resolves a cookie token to its live session and user; renews it when under half is left.
 * Callers that cannot send the renewed cookie back (server components) pass `renew: false`, so
 * the database and the browser's cookie never disagree about the expiry.
 */
export async function validateSessionToken(
  token: string | undefined,
  now = new Date(),
  options: { renew?: boolean } = {},
): Promise<SessionContext | null> {
  if (!token || token.length > 128) return null;
  const db = await getDb();
  const id = sha256Hex(token);
  const [row] = await db
    .select({ session: sessions, user: staffUsers })
    .from(sessions)
    .innerJoin(staffUsers, eq(staffUsers.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row) return null;
  if (row.session.expiresAt.getTime() <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let expiresAt = row.session.expiresAt;
  let renewed = false;
  if ((options.renew ?? true) && expiresAt.getTime() - now.getTime() < SESSION_MS / 2) {
    expiresAt = new Date(now.getTime() + SESSION_MS);
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
    renewed = true;
  }
  return { sessionId: id, user: row.user, expiresAt, renewed };
}

export async function revokeSession(sessionId: string, tx?: DbOrTx): Promise<void> {
  const db = await dbOr(tx);
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, or every one but `exceptSessionId`. */
export async function revokeUserSessions(
  userId: number,
  exceptSessionId?: string,
  tx?: DbOrTx,
): Promise<void> {
  const db = await dbOr(tx);
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    );
}

export async function deleteExpiredSessions(now = new Date(), tx?: DbOrTx): Promise<void> {
  const db = await dbOr(tx);
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

export function sessionCookie(token: string, expiresAt: Date): string {
  return serializeCookie(SESSION_COOKIE, token, {
    expires: expiresAt,
    httpOnly: true,
    secure: getConfig().isProduction,
    sameSite: "Lax",
  });
}

export function clearedSessionCookie(): string {
  return serializeCookie(SESSION_COOKIE, "", {
    maxAgeSeconds: 0,
    httpOnly: true,
    secure: getConfig().isProduction,
  });
}

/** The session cookie with the script-readable hint that a session exists (signed-in-hint.ts). */
export function sessionCookies(token: string, expiresAt: Date): string[] {
  return [
    sessionCookie(token, expiresAt),
    serializeCookie(SIGNED_IN_HINT_COOKIE, "1", {
      expires: expiresAt,
      httpOnly: false,
      secure: getConfig().isProduction,
      sameSite: "Lax",
    }),
  ];
}

/** Clears the hint that a session may exist (when none does). */
export function clearedSignedInHintCookie(): string {
  return serializeCookie(SIGNED_IN_HINT_COOKIE, "", {
    maxAgeSeconds: 0,
    httpOnly: false,
    secure: getConfig().isProduction,
  });
}

/** Clears the session cookie and its hint. */
export function clearedSessionCookies(): string[] {
  return [clearedSessionCookie(), clearedSignedInHintCookie()];
}

/** The staff user as the API shows it: never a hash, secret or token. */
export function toPublicUser(user: StaffUser): PublicUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    is_admin: user.isAdmin,
    is_verified: user.isVerified,
    two_factor_enabled: user.twoFactorEnabled,
  };
}
