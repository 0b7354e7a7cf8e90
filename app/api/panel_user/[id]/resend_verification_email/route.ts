import { otherMethods, route } from "@/lib/http/handler";
import { resendVerification } from "@/lib/panel/resend-verification";
import { idParamsSchema } from "@/lib/validation/common.shared";

export const dynamic = "force-dynamic";

/** Staff: a fresh verification mail for a member who has not confirmed yet. */
export const POST = route({ auth: "staff", params: idParamsSchema }, async ({ params }) => {
  await resendVerification(params.id);
  return {};
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
