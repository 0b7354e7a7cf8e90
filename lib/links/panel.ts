import "server-only";
import { appSecretRing, type Keyed } from "@/lib/crypto/keyring";
import { hmacHex } from "@/lib/crypto/tokens";
import { siteUrl, siteUrlWithFragment } from "./site-url";

/**
 * The stop token of a member: derived, never stored, so every mail's stop link keeps working
 * until the member leaves (the row and its nonce are gone then). Built here, beside the links
 * that carry it, so that the mail layout can add them to every panel mail without depending on
 * the panel's own code; the panel checks it when someone leaves.
 *
 * The token starts with the id of the APP_SECRET it was made with ("<key id>.<hmac>"), so a
 * link in a mail sent before a rotation is checked under that earlier secret, kept in
 * APP_SECRET_PREVIOUS. Links sent before key ids existed are the bare HMAC.
 */
export function stopTokenFor(
  member: { id: number; stopNonce: string },
  key: Keyed<string> = appSecretRing().current,
): string {
  return `${key.id}.${stopMac(member, key)}`;
}

export function stopMac(member: { id: number; stopNonce: string }, key: Keyed<string>): string {
  return hmacHex(key.key, `panel-stop:${member.id}:${member.stopNonce}`);
}

/** The /verify-email page link of a verification mail, its token in the fragment. */
export function verificationLink(memberId: number, token: string): string {
  return siteUrlWithFragment("/verify-email", {
    panel_user_id: memberId,
    verification_token: token,
  });
}

/**
 * Where a member can leave: the /stop-participation page for people, and the RFC 8058 one-click
 * target for mail clients (List-Unsubscribe). Both carry the same derived stop token: the page
 * link in its fragment (never sent to a server), the one-click target in its query (mail clients
 * POST to it, so the query is all it has).
 */
export function stopLinks(member: { id: number; stopNonce: string }): {
  page: string;
  oneClick: string;
} {
  const query = { panel_user_id: member.id, stop_token: stopTokenFor(member) };
  return {
    page: siteUrlWithFragment("/stop-participation", query),
    oneClick: siteUrl("/api/panel_user/unsubscribe", query),
  };
}
