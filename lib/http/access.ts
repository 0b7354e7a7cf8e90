import "server-only";
import { sessionTokenFrom, validateSessionToken, type SessionContext } from "@/lib/auth/session";
import { twoFactorRequired, twoFactorSetupRequired } from "@/lib/auth/two-factor-policy";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";

/** Who may call: "none" = anyone, "optional" = anyone but the session is read, "staff", "admin". */
export type Auth = "none" | "optional" | "staff" | "admin";

/**
 * How a route stands to the staff two-factor policy (`STAFF_TWO_FACTOR=required`), declared in
 * its options so that no route can forget it. Left out, a staff member without two-factor is
 * refused with 403 code 30 (and on an "optional" route treated as signed out).
 * - "setup": reachable before two-factor is set up (who am I, sign in and out, setting it up,
 *   changing the password, deleting the own account).
 * - "turns-off": refused with code 30 to every staff member while the policy requires it, with
 *   two-factor or without (turning it off).
 */
export type TwoFactorGate = "setup" | "turns-off";

/**
 * The request's session as the route's `auth` demands it: 401 code 25 without one where staff
 * are needed, 403 code 8 for a non-admin on an admin route, 403 code 30 under the two-factor
 * policy. The policy is checked before the admin role, so an account that must set up
 * two-factor is told that first.
 */
export async function authorise(
  req: Request,
  auth: Auth,
  gate: TwoFactorGate | undefined,
): Promise<SessionContext | null> {
  if (auth === "none") return null;
  const session = await validateSessionToken(sessionTokenFrom(req));
  const needsStaff = auth === "staff" || auth === "admin";
  if (!session) {
    if (needsStaff) throw new AppError(ErrorCode.NOT_SIGNED_IN);
    return null;
  }
  const refused =
    gate === "turns-off"
      ? twoFactorRequired()
      : gate !== "setup" && twoFactorSetupRequired(session.user);
  if (refused) {
    // A public route that merely reads the session answers as to anyone else.
    if (!needsStaff) return null;
    throw new AppError(ErrorCode.TWO_FACTOR_REQUIRED);
  }
  if (auth === "admin" && !session.user.isAdmin) throw new AppError(ErrorCode.ADMIN_REQUIRED);
  return session;
}
