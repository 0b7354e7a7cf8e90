import "server-only";
import type { StaffUser } from "@/db/schema";
import { getConfig } from "@/config";

/** Whether staff must sign in with a second factor (`STAFF_TWO_FACTOR`). */
export function twoFactorRequired(): boolean {
  return getConfig().staffTwoFactor === "required";
}

/**
 * True for an account that must set up two-factor before it may do anything else: the policy
 * is `required` and the account has none (never set up, or reset by an admin). Read from the
 * account's row on every request, so sessions begun before the policy or the reset are held to
 * it too, and turning two-factor on frees the session that did it at once.
 */
export function twoFactorSetupRequired(user: Pick<StaffUser, "twoFactorEnabled">): boolean {
  return twoFactorRequired() && !user.twoFactorEnabled;
}
