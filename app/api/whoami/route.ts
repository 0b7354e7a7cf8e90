import { toPublicUser } from "@/lib/auth/session";
import { otherMethods, route } from "@/lib/http/handler";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "staff", twoFactor: "setup" }, ({ user }) => toPublicUser(user));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
