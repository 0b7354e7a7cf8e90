import { changePassword } from "@/lib/auth/account";
import { changePasswordSchema } from "@/lib/auth/schemas.shared";
import { toPublicUser } from "@/lib/auth/session";
import { otherMethods, route } from "@/lib/http/handler";

export const POST = route(
  { auth: "staff", twoFactor: "setup", body: changePasswordSchema },
  async ({ user, session, body }) =>
    toPublicUser(await changePassword(user, session.sessionId, body)),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
