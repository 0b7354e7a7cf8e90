import { requestLocale } from "@/lib/auth/mails";
import { requestPasswordReset } from "@/lib/auth/password-reset";
import { forgotPasswordBudget } from "@/lib/auth/limits";
import { forgotPasswordSchema } from "@/lib/auth/schemas";
import { route } from "@/lib/http/handler";

export const POST = route(
  { auth: "none", body: forgotPasswordSchema(), rateLimit: forgotPasswordBudget },
  async ({ body, ip, req }) => {
    await requestPasswordReset(body.email, ip, requestLocale(req));
    return {};
  },
);
