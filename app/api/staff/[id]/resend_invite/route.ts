import { requestLocale } from "@/lib/auth/mails";
import { resendInvitation } from "@/lib/auth/staff-admin";
import { staffIdParams } from "@/lib/auth/staff-schemas";
import { route } from "@/lib/http/handler";

export const POST = route({ auth: "admin", params: staffIdParams }, async ({ params, req }) => {
  await resendInvitation(params.id, requestLocale(req));
  return {};
});
