import { requestLocale } from "@/lib/i18n/request-locale";
import { resendInvitation } from "@/lib/auth/staff-admin";
import { otherMethods, route } from "@/lib/http/handler";
import { idParamsSchema } from "@/lib/validation/common.shared";

export const POST = route({ auth: "admin", params: idParamsSchema }, async ({ params, req }) => {
  await resendInvitation(params.id, requestLocale(req));
  return {};
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
