import { resetPasswordBudget } from "@/lib/auth/limits";
import { resetPassword } from "@/lib/auth/password-reset";
import { resetPasswordSchema } from "@/lib/auth/schemas.shared";
import { otherMethods, route } from "@/lib/http/handler";
import { requestLocale } from "@/lib/i18n/request-locale";

export const POST = route(
  { auth: "none", body: resetPasswordSchema, rateLimit: resetPasswordBudget },
  async ({ body, req }) => {
    await resetPassword(body, new Date(), undefined, requestLocale(req));
    return {};
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
