import { deleteOwnAccount } from "@/lib/auth/account";
import { jsonWithCookies } from "@/lib/auth/responses";
import { confirmPasswordSchema } from "@/lib/auth/schemas.shared";
import { clearedSessionCookies } from "@/lib/auth/session";
import { otherMethods, route } from "@/lib/http/handler";

// The caller's password in the body: a deliberate addition to the spec (see docs/auth.md).
export const DELETE = route(
  { auth: "staff", twoFactor: "setup", body: confirmPasswordSchema() },
  async ({ user, body }) => {
    await deleteOwnAccount(user, body);
    return jsonWithCookies({}, clearedSessionCookies());
  },
);

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
