import "server-only";
import type { ClientBudget } from "@/lib/rate-limit/client";
import type { RateLimitRule } from "@/lib/rate-limit/limiter";

const HOUR = 3600;

/**
 * Sign-up limits. All are counted before the address is looked up, so a refusal (429 code 23)
 * is the same for a new, a pending and a confirmed address and reveals nothing about membership.
 */
export const signupBudget: ClientBudget = {
  feature: "panel-signup",
  windowSeconds: HOUR,
  siteWide: 500,
  junkPerClient: 60,
  perClient: 20,
};

/** Per typed address; the counter's key is a keyed hash, so no table keeps the address. */
export const signupLimitsPerAddress = (email: string): RateLimitRule[] => [
  { feature: "panel-signup-email", subject: email, limit: 5, windowSeconds: HOUR },
];

/**
 * Verify and stop: tokens are 160+ bits, this only blunts floods. Leaving the panel (stop,
 * unsubscribe) has no site-wide ceiling: nobody else's requests may keep a member from leaving.
 */
export const panelLinkBudget = (action: "verify" | "stop"): ClientBudget => ({
  feature: `panel-${action}`,
  windowSeconds: 600,
  ...(action === "verify" ? { siteWide: 600 } : {}),
  junkPerClient: 90,
  perClient: 30,
});

/**
 * One-click unsubscribe (RFC 8058) comes from the member's mail provider, whose servers post it
 * for every member who uses that provider: a limit per client would let one provider's members
 * use up each other's way out. So wrong tokens are counted per member (the id in the address;
 * `stopByOneClick`, after the check, so a right token is never refused), and per client only as
 * a loose flood guard, every request counted (about one a second).
 */
export const oneClickBudget: ClientBudget = {
  feature: "panel-unsubscribe",
  windowSeconds: 600,
  junkPerClient: 600,
};

export const oneClickLimitsPerMember = (panelUserId: number): RateLimitRule[] => [
  {
    feature: "panel-unsubscribe-member",
    subject: String(panelUserId),
    limit: 30,
    windowSeconds: 600,
  },
];
