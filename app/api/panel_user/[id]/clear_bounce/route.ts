import { otherMethods, route } from "@/lib/http/handler";
import { clearBounce } from "@/lib/panel/bounce";
import { idParamsSchema } from "@/lib/validation/common.shared";

export const dynamic = "force-dynamic";

/**
 * Staff: mail may go to this member again: the provider's suppression is lifted and `bounced`
 * cleared. Answers the member (unchanged when not bounced).
 */
export const POST = route({ auth: "staff", params: idParamsSchema }, ({ params, user }) =>
  clearBounce(params.id, user),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
