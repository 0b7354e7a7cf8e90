import "server-only";
import type { StaffUser } from "@/db/schema";
import { sessionTokenFrom, validateSessionToken } from "./session";
import { twoFactorSetupRequired } from "./two-factor-policy";

/**
 * The staff user whose live session cookie a request carries, or null. The session is never
 * renewed here, so a route that must not send cookies (the anonymous survey calls) can ask who
 * is calling without answering with a Set-Cookie. An account that must still set up two-factor
 * (STAFF_TWO_FACTOR=required) counts as no staff member here, as everywhere outside its setup.
 */
export async function staffUserWithoutRenewal(req: Request): Promise<StaffUser | null> {
  const session = await validateSessionToken(sessionTokenFrom(req), new Date(), {
    renew: false,
  });
  if (!session || twoFactorSetupRequired(session.user)) return null;
  return session.user;
}
