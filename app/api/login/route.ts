import { challengeCookie } from "@/lib/auth/challenge";
import { signInWithPassword } from "@/lib/auth/login";
import { jsonWithCookies } from "@/lib/auth/responses";
import { loginBudget } from "@/lib/auth/limits";
import { loginSchema } from "@/lib/auth/schemas.shared";
import { revokeSession, sessionCookies, toPublicUser } from "@/lib/auth/session";
import { otherMethods, route } from "@/lib/http/handler";
import { requestLocale } from "@/lib/i18n/request-locale";

export const POST = route(
  { auth: "optional", twoFactor: "setup", body: loginSchema(), rateLimit: loginBudget },
  async ({ body, ip, req, session }) => {
    const result = await signInWithPassword(body, ip, new Date(), requestLocale(req));
    if (result.kind === "needs-code") {
      return jsonWithCookies({ two_factor_required: true }, [
        challengeCookie(result.challengeToken),
      ]);
    }
    // Signing in replaces whatever session this browser had.
    if (session) await revokeSession(session.sessionId);
    return jsonWithCookies(
      { two_factor_required: false, user: toPublicUser(result.user) },
      sessionCookies(result.token, result.expiresAt),
    );
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
