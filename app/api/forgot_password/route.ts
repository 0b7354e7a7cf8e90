import { requestLocale } from "@/lib/i18n/request-locale";
import { requestPasswordReset } from "@/lib/auth/password-reset";
import { forgotPasswordAddressRules, forgotPasswordBudget } from "@/lib/auth/limits";
import { forgotPasswordSchema } from "@/lib/auth/schemas.shared";
import { otherMethods, route } from "@/lib/http/handler";

export const POST = route(
  {
    auth: "none",
    body: forgotPasswordSchema(),
    rateLimit: forgotPasswordBudget,
    limits: ({ body }) => forgotPasswordAddressRules(body.email),
  },
  async ({ body, req }) => {
    await requestPasswordReset(body.email, requestLocale(req));
    return {};
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
