import { jsonWithCookies } from "@/lib/auth/responses";
import { clearedSessionCookies, revokeSession } from "@/lib/auth/session";
import { otherMethods, route } from "@/lib/http/handler";
import { logInfo } from "@/lib/log";

// Signing out twice is not an error: either way the browser ends up without a session.
export const POST = route({ auth: "optional", twoFactor: "setup" }, async ({ session }) => {
  if (session) {
    await revokeSession(session.sessionId);
    logInfo("auth", "signed out", { userId: session.user.id });
  }
  return jsonWithCookies({}, clearedSessionCookies());
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
