import { startTwoFactorSetup } from "@/lib/auth/two-factor";
import { otherMethods, route } from "@/lib/http/handler";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "staff", twoFactor: "setup" }, ({ user }) =>
  startTwoFactorSetup(user),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
