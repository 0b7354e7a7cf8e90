import { resetPasswordBudget } from "@/lib/auth/limits";
import { resetPassword } from "@/lib/auth/password-reset";
import { resetPasswordSchema } from "@/lib/auth/schemas";
import { route } from "@/lib/http/handler";

export const POST = route(
  { auth: "none", body: resetPasswordSchema, rateLimit: resetPasswordBudget },
  async ({ body }) => {
    await resetPassword(body);
    return {};
  },
);
