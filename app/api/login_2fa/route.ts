import { CHALLENGE_COOKIE, clearedChallengeCookie } from "@/lib/auth/challenge";
import { signInWithCode } from "@/lib/auth/login";
import { jsonWithCookies } from "@/lib/auth/responses";
import { secondFactorBudget } from "@/lib/auth/limits";
import { loginTwoFactorSchema } from "@/lib/auth/schemas.shared";
import { revokeSession, sessionCookies, toPublicUser } from "@/lib/auth/session";
import { readCookie } from "@/lib/cookies";
import { otherMethods, route } from "@/lib/http/handler";
import { requestLocale } from "@/lib/i18n/request-locale";

export const POST = route(
  {
    auth: "optional",
    twoFactor: "setup",
    body: loginTwoFactorSchema(),
    rateLimit: secondFactorBudget,
  },
  async ({ body, req, session, ip }) => {
    const result = await signInWithCode(
      readCookie(req, CHALLENGE_COOKIE),
      body.totp_code,
      body.email,
      ip,
      new Date(),
      requestLocale(req),
    );
    if (session) await revokeSession(session.sessionId);
    return jsonWithCookies({ user: toPublicUser(result.user) }, [
      ...sessionCookies(result.token, result.expiresAt),
      clearedChallengeCookie(),
    ]);
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
