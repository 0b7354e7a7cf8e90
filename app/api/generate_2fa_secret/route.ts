import { startTwoFactorSetup } from "@/lib/auth/two-factor";
import { route } from "@/lib/http/handler";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "staff" }, ({ user }) => startTwoFactorSetup(user));
