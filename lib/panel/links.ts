import { getConfig } from "@/lib/config";
import { stopTokenFor } from "./tokens";

function link(path: string, query: Record<string, string | number>): string {
  const params = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  );
  return `${getConfig().appUrl}${path}?${params.toString()}`;
}

/** The /verify-email page link of a verification mail. */
export function verificationLink(memberId: number, token: string): string {
  return link("/verify-email", { panel_user_id: memberId, verification_token: token });
}

/**
 * Where a member can leave: the /stop-participation page for people, and the RFC 8058 one-click
 * target for mail clients (List-Unsubscribe). Both carry the same derived stop token.
 */
export function stopLinks(member: { id: number; stopNonce: string }): {
  page: string;
  oneClick: string;
} {
  const query = { panel_user_id: member.id, stop_token: stopTokenFor(member) };
  return {
    page: link("/stop-participation", query),
    oneClick: link("/api/panel_user/unsubscribe", query),
  };
}
