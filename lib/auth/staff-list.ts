import "server-only";
import type { StaffUser } from "@/db/schema";
import { toPublicUser } from "./session";
import type { StaffListItem } from "./staff-schemas.shared";

export function toStaffListItem(user: StaffUser): StaffListItem {
  return {
    ...toPublicUser(user),
    invitation_pending: user.passwordHash === null,
    created_at: Math.floor(user.createdAt.getTime() / 1000),
  };
}
