/**
 * A cookie that only says "a staff session may exist in this browser", so public pages ask
 * /api/whoami only then and an anonymous visit makes no API request at all. It is readable by
 * scripts and carries no secret: it grants nothing (the httpOnly session cookie does), and a
 * forged or stale one costs one 401, which clears it. Set with the session, cleared at logout
 * and whenever /api/whoami finds no session.
 */
export const SIGNED_IN_HINT_COOKIE = "signed_in";

/** Whether a Cookie header (or `document.cookie`) holds the hint. */
export function hasSignedInHint(cookieHeader: string): boolean {
  return cookieHeader.split(";").some((part) => part.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
}
