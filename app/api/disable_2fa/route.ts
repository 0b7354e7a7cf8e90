import { disableTwoFactorSchema } from "@/lib/auth/schemas.shared";
import { toPublicUser } from "@/lib/auth/session";
import { disableTwoFactor } from "@/lib/auth/two-factor";
import { otherMethods, route } from "@/lib/http/handler";

export const POST = route(
  { auth: "staff", twoFactor: "turns-off", body: disableTwoFactorSchema() },
  async ({ user, session, body }) =>
    toPublicUser(await disableTwoFactor(user, session.sessionId, body)),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
