import { z } from "zod";
import { emailField, type Texts } from "./schemas";

// Shared with the staff screen in the browser: zod and types only, nothing that reaches the
// database.

/** POST /api/staff: invite someone; they choose their own password from the mailed link. */
export function inviteStaffSchema(t?: Texts<"emailRequired" | "emailInvalid">) {
  return z.object({
    email: emailField(t),
    name: z.string().trim().max(100).default(""),
    is_admin: z.boolean().default(false),
  });
}
export type InviteStaffInput = z.infer<ReturnType<typeof inviteStaffSchema>>;

/** PUT /api/staff/{id}: the one thing an admin changes about someone else's account. */
export const updateStaffSchema = z.object({ is_admin: z.boolean() });
export type UpdateStaffInput = z.infer<typeof updateStaffSchema>;

/** A staff member as the staff screen shows them (built by `toStaffListItem`). */
export type StaffListItem = {
  id: number;
  email: string;
  name: string;
  is_admin: boolean;
  is_verified: boolean;
  two_factor_enabled: boolean;
  invitation_pending: boolean;
  created_at: number;
};
