import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import type { StaffUser } from "@/db/schema";
import { sessionCookieName, validateSessionToken } from "./session";
import { twoFactorSetupRequired } from "./two-factor-policy";

/**
 * The signed-in staff user of this request, checked against the sessions table (a cookie that
 * merely exists proves nothing). For server components: it does not renew the session, since
 * they cannot send a cookie back; API calls do that. Cached per request, so the admin layout and
 * its pages look it up once.
 */
export const currentStaffUser = cache(async (): Promise<StaffUser | null> => {
  // Two cookies of the session's name: one was planted beside ours, so neither is believed.
  const found = (await cookies()).getAll(sessionCookieName());
  const token = found.length === 1 ? found[0].value : undefined;
  const session = await validateSessionToken(token, new Date(), { renew: false });
  return session?.user ?? null;
});

/**
 * Whether this request comes from staff who may use the portal, for a public page that shows
 * them a little more (a hidden study's preview). An account that must still set up two-factor
 * counts as a visitor here, as on the API's public routes (lib/http/access.ts).
 */
export async function currentRequestIsStaff(): Promise<boolean> {
  const user = await currentStaffUser();
  return user !== null && !twoFactorSetupRequired(user);
}
