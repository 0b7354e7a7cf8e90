import "server-only";
import type { StaffUser } from "@/db/schema";
import { readCookie } from "@/lib/cookies";
import { SESSION_COOKIE, validateSessionToken } from "./session";

/**
 * The staff user whose live session cookie a request carries, or null. The session is never
 * renewed here, so a route that must not send cookies (the anonymous survey calls) can ask who
 * is calling without answering with a Set-Cookie.
 */
export async function staffUserWithoutRenewal(req: Request): Promise<StaffUser | null> {
  const session = await validateSessionToken(readCookie(req, SESSION_COOKIE), new Date(), {
    renew: false,
  });
  return session?.user ?? null;
}
