import { enableTwoFactorSchema } from "@/lib/auth/schemas.shared";
import { toPublicUser } from "@/lib/auth/session";
import { enableTwoFactor } from "@/lib/auth/two-factor";
import { otherMethods, route } from "@/lib/http/handler";

export const POST = route(
  { auth: "staff", twoFactor: "setup", body: enableTwoFactorSchema() },
  async ({ user, session, body }) =>
    toPublicUser(await enableTwoFactor(user, session.sessionId, body)),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
