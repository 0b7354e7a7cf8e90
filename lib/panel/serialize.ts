import "server-only";
import type { PanelUser } from "@/db/schema";
import { unixSeconds } from "@/lib/time/unix.shared";
import type { PanelUserDto } from "./schemas.shared";

/** The columns the admin API shows of a member. */
export type PanelUserListed = Pick<
  PanelUser,
  "id" | "email" | "isVerified" | "createdAt" | "deliveryStatus" | "bounceKind"
>;

export function toPanelUserDto(row: PanelUserListed): PanelUserDto {
  return {
    id: row.id,
    email: row.email,
    is_verified: row.isVerified,
    created_at: unixSeconds(row.createdAt),
    delivery_status: row.deliveryStatus,
    bounce_kind: row.bounceKind,
  };
}
