import "server-only";
import type { StaffUser } from "@/db/schema";
import { unixSeconds } from "@/lib/time/unix.shared";
import { toPublicUser } from "./session";
import type { StaffListItem } from "./staff-schemas.shared";

export function toStaffListItem(user: StaffUser): StaffListItem {
  return {
    ...toPublicUser(user),
    invitation_pending: user.passwordHash === null,
    created_at: unixSeconds(user.createdAt),
  };
}
