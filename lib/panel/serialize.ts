import "server-only";
import type { PanelUser } from "@/db/schema";
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
    created_at: Math.floor(row.createdAt.getTime() / 1000),
    delivery_status: row.deliveryStatus,
    bounce_kind: row.bounceKind,
  };
}
