import { deleteOwnAccount } from "@/lib/auth/account";
import { jsonWithCookies } from "@/lib/auth/responses";
import { clearedSessionCookies } from "@/lib/auth/session";
import { otherMethods, route } from "@/lib/http/handler";

export const DELETE = route({ auth: "staff" }, async ({ user }) => {
  await deleteOwnAccount(user);
  return jsonWithCookies({}, clearedSessionCookies());
});

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
