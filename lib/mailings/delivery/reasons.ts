import "server-only";
/**
 * Why a delivery failed, as stored in `last_error` and shown grouped to staff. Provider texts
 * can quote the recipient's address, so addresses are replaced before anything is stored: the
 * reason groups with others and says nothing about the member.
 */

export const MEMBER_LEFT = "The member left the panel before the mail was sent";
export const MEMBER_BOUNCED =
  "The member's address bounced (reported by the mail service) before the mail was sent";
export const UNKNOWN_AFTER_WINDOW =
  "The provider's answer is unknown and the batch is too old to be sent again safely";
export const PAYLOAD_MISSING = "The recorded batch has no content left to send";
export const INVALID_IDEMPOTENT_REQUEST =
  "The provider refused the batch: its key was used before with other content";

const ADDRESS = /[^\s<>()"'`,;:]+@[^\s<>()"'`,;:]+/g;
const MAX_REASON_LENGTH = 300;

export function redactAddresses(text: string): string {
  return text.replace(ADDRESS, "[address]");
}

/** A provider's text made fit to store. */
export function providerReason(text: string): string {
  const clean = redactAddresses(text).replace(/\s+/g, " ").trim();
  return (clean || "Refused by the provider").slice(0, MAX_REASON_LENGTH);
}
