import "server-only";
import { and, eq, lt, ne } from "drizzle-orm";
import { dbOr, getDb, type DbOrTx } from "@/db/client";
import { sessions, staffUsers, type StaffUser } from "@/db/schema";
import { getConfig } from "@/config";
import { readUniqueCookie, serializeCookie } from "@/lib/cookies";
import { randomToken, sha256Hex } from "@/lib/crypto/tokens";
import type { PublicUser } from "./public-user.shared";
import { SIGNED_IN_HINT_COOKIE } from "./signed-in-hint.shared";
import { twoFactorSetupRequired } from "./two-factor-policy";

/** How far the idle timeout must have moved before the new expiry is written. */
const RENEW_STEP_MS = 60_000;

/**
 * The session cookie's name: `__Host-session` in production, which browsers accept only when
 * Secure, for Path=/ and without a Domain, so a sibling subdomain cannot plant one that shadows
 * ours; `session` in development and tests, served over plain http.
 */
export function sessionCookieName(): string {
  return getConfig().session.cookieName;
}

/** The request's session token; none when the cookie is missing or arrives more than once. */
export function sessionTokenFrom(req: Request): string | undefined {
  return readUniqueCookie(req, sessionCookieName());
}

export type SessionContext = {
  sessionId: string;
  user: StaffUser;
  expiresAt: Date;
  /** True when the expiry was pushed forward and the cookie should be sent again. */
  renewed: boolean;
};

/**
 * When a session used at `now` ends: after the idle time, but never later than the absolute
 * lifetime counted from sign-in.
 */
function expiryAt(createdAt: Date, now: Date): Date {
  const { idleMs, absoluteMs } = getConfig().session;
  return new Date(Math.min(now.getTime() + idleMs, createdAt.getTime() + absoluteMs));
}

/** Starts a new session for the user; returns the token for the cookie (never stored). */
export async function createSession(userId: number, now = new Date(), tx?: DbOrTx) {
  const db = await dbOr(tx);
  const token = randomToken(20);
  const expiresAt = expiryAt(now, now);
  await db.insert(sessions).values({ id: sha256Hex(token), userId, createdAt: now, expiresAt });
  return { token, expiresAt };
}

/**
 * Resolves a cookie token to its live session and user, and slides the idle timeout forward
 * (never past the absolute lifetime). The expiry is written at most about once a minute, so a
 * busy page does not write on every call, and the idle timeout loses at most that minute.
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
  const { idleMs, absoluteMs } = getConfig().session;
  const hardEnd = row.session.createdAt.getTime() + absoluteMs;
  // The stored expiry alone is not trusted: a lifetime shortened in the configuration applies
  // to sessions begun before the change as well.
  let expiresAt = new Date(Math.min(row.session.expiresAt.getTime(), hardEnd));
  if (expiresAt.getTime() <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let renewed = false;
  const slid = expiryAt(row.session.createdAt, now);
  if (
    (options.renew ?? true) &&
    slid.getTime() - expiresAt.getTime() >= Math.min(RENEW_STEP_MS, idleMs / 10)
  ) {
    expiresAt = slid;
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
    renewed = true;
  }
  return { sessionId: id, user: row.user, expiresAt, renewed };
}

export async function revokeSession(sessionId: string, tx?: DbOrTx): Promise<void> {
  const db = await dbOr(tx);
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, or every one but `exceptSessionId`; answers how many ended. */
export async function revokeUserSessions(
  userId: number,
  exceptSessionId?: string,
  tx?: DbOrTx,
): Promise<number> {
  const db = await dbOr(tx);
  const ended = await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

export async function deleteExpiredSessions(now = new Date(), tx?: DbOrTx): Promise<void> {
  const db = await dbOr(tx);
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

/**
 * The session cookie: HttpOnly, SameSite=Lax, Path=/, no Domain, and Secure in production (the
 * `__Host-` name requires it). It expires with the session, so the browser forgets it too.
 */
export function sessionCookie(token: string, expiresAt: Date): string {
  return serializeCookie(sessionCookieName(), token, {
    expires: expiresAt,
    httpOnly: true,
    secure: getConfig().isProduction,
    sameSite: "Lax",
  });
}

export function clearedSessionCookie(): string {
  return serializeCookie(sessionCookieName(), "", {
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
    two_factor_setup_required: twoFactorSetupRequired(user),
  };
}
