import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { panelUserCounts, panelUsers } from "@/db/schema";
import type { PanelUserStatus } from "./schemas.shared";

/**
 * Each member list filter as a condition on panel_users, written with literals exactly as the
 * partial index of that filter is declared (db/schema.ts), so the planner can walk that index;
 * and as the number of such members per block of panel_user_counts (kept by triggers).
 */
export const statusCondition: Record<PanelUserStatus, SQL> = {
  verified: sql`${panelUsers.isVerified} = true and ${panelUsers.deliveryStatus} = 'ok'`,
  unverified: sql`${panelUsers.isVerified} = false and ${panelUsers.deliveryStatus} = 'ok'`,
  bounced: sql`${panelUsers.deliveryStatus} = 'bounced'`,
};

export function blockCount(status: PanelUserStatus | undefined): SQL<string> {
  const c = panelUserCounts;
  switch (status) {
    case undefined:
      return sql<string>`sum(${c.members})`;
    case "verified":
      return sql<string>`sum(${c.verified})`;
    case "bounced":
      return sql<string>`sum(${c.bounced})`;
    case "unverified":
      return sql<string>`sum(${c.members} - ${c.verified} - ${c.bounced})`;
  }
}
