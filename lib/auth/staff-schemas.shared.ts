import { z } from "zod";
import type { PublicUser } from "./public-user.shared";
import {
  confirmPasswordField,
  emailField,
  MAX_PASSWORD_LENGTH,
  type Texts,
} from "./schemas.shared";

// Shared with the staff screen in the browser: zod and types only, nothing that reaches the
// database.

/**
 * POST /api/staff: invite someone; they choose their own password from the mailed link. Inviting
 * an admin also needs the caller's own password, as granting the role does.
 */
export function inviteStaffSchema(
  t?: Texts<"emailRequired" | "emailInvalid">,
  passwordForAdmin = "Enter your password to make someone an admin",
) {
  return z
    .object({
      email: emailField(t),
      name: z.string().trim().max(100).default(""),
      is_admin: z.boolean().default(false),
      // Read only for an admin; the form keeps an empty one while "admin" is not ticked.
      password: z.string().max(MAX_PASSWORD_LENGTH).optional(),
    })
    .refine((v) => !v.is_admin || (v.password !== undefined && v.password !== ""), {
      path: ["password"],
      message: passwordForAdmin,
    });
}
export type InviteStaffInput = z.infer<ReturnType<typeof inviteStaffSchema>>;

/**
 * PUT /api/staff/{id}: the one thing an admin changes about someone else's account. Granting
 * the role also needs the caller's password, so a stolen session cannot make new admins;
 * taking it away does not (it only lowers rights).
 */
export const updateStaffSchema = z
  .object({ is_admin: z.boolean(), password: confirmPasswordField().optional() })
  .refine((v) => !v.is_admin || v.password !== undefined, {
    path: ["password"],
    message: "Enter your password to make someone an admin",
  });
export type UpdateStaffInput = z.infer<typeof updateStaffSchema>;

/** A staff member as the staff screen shows them (built by `toStaffListItem`). */
export type StaffListItem = PublicUser & {
  invitation_pending: boolean;
  created_at: number;
};
