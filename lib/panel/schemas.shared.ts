import { z } from "zod";
import { digitsSchema, emailSchema, idOrNumberSchema } from "@/lib/validation/common.shared";

/** POST /api/panel_user: shared by the home form and the handler. */
export const panelSignupSchema = z.object({ email: emailSchema() });
export type PanelSignupInput = z.infer<typeof panelSignupSchema>;

/**
 * A member id as it arrives: a number in JSON bodies, digits in query strings (the verify and
 * stop pages pass the id from their link unchanged).
 */
const panelUserIdSchema = idOrNumberSchema;

// Tokens are 32 (verification) or 64 (stop) characters; the bound only keeps junk out.
const tokenSchema = z.string().trim().min(1).max(128);

/** POST /api/panel_user/verify_email */
export const verifyEmailSchema = z.object({
  panel_user_id: panelUserIdSchema,
  verification_token: tokenSchema,
});
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;

/** POST /api/panel_user/stop_participation, and the query of the one-click unsubscribe target. */
export const stopParticipationSchema = z.object({
  panel_user_id: panelUserIdSchema,
  stop_token: tokenSchema,
});
export type StopParticipationInput = z.infer<typeof stopParticipationSchema>;

/** RFC 8058: a one-click unsubscribe POST carries exactly this form field. */
export const oneClickBodySchema = z.object({ "List-Unsubscribe": z.literal("One-Click") });

export const PANEL_PAGE_SIZE = 10;
export const PANEL_MAX_PAGE_SIZE = 100;

/**
 * GET /api/panel_user?page=&per_page=. Out-of-range values are refused (400 code 22), not
 * clamped: a client asking for 1,000 rows should learn it gets at most 100, not silently fewer.
 */
/**
 * The member list's filters, three groups that never overlap: `verified` (confirmed and mail
 * reaches them: a send's recipients), `unverified` (not confirmed yet) and `bounced` (the mail
 * provider reported their address as bouncing or suppressed, confirmed or not).
 */
export const PANEL_USER_STATUSES = ["verified", "unverified", "bounced"] as const;
export const panelUserStatusSchema = z.enum(PANEL_USER_STATUSES);
export type PanelUserStatus = z.infer<typeof panelUserStatusSchema>;

export const panelUserListQuerySchema = z.object({
  page: digitsSchema({ min: 1, max: 1_000_000_000 }).default(1),
  per_page: digitsSchema({ min: 1, max: PANEL_MAX_PAGE_SIZE }).default(PANEL_PAGE_SIZE),
  status: panelUserStatusSchema.optional(),
});
export type PanelUserListQuery = z.infer<typeof panelUserListQuerySchema>;

/** The texts of the search field; the screen passes its translated ones. */
export type MemberSearchTexts = { required: string; tooLong: string };

/**
 * POST /api/panel_user/search: one address, matched exactly once trimmed and lower-cased (as
 * addresses are stored). Not held to the sign-up's address rules: staff look up what a person
 * wrote to them, and an address that cannot exist simply finds nobody.
 */
export function memberSearchSchema(
  texts: MemberSearchTexts = {
    required: "Enter an email address",
    tooLong: "An email address has at most 254 characters",
  },
) {
  return z.object({
    email: z
      .string(texts.required)
      .trim()
      .toLowerCase()
      .min(1, texts.required)
      .max(254, texts.tooLong),
  });
}
export const panelUserSearchSchema = memberSearchSchema();
export type PanelUserSearchInput = z.infer<typeof panelUserSearchSchema>;

export const MEMBER_DELIVERY_STATUSES = ["ok", "bounced"] as const;

/** A member as the admin API shows it. */
export const panelUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  is_verified: z.boolean(),
  /** Unix seconds. */
  created_at: z.number().int(),
  /** `bounced`: the provider reported the address as bouncing; no panel message goes to it. */
  delivery_status: z.enum(MEMBER_DELIVERY_STATUSES),
  /** The provider's kind of bounce or suppression (a short word, never its message text). */
  bounce_kind: z.string().nullable(),
});
export type PanelUserDto = z.infer<typeof panelUserSchema>;

export type PanelUserList = {
  items: PanelUserDto[];
  meta: { total_items: number; total_pages: number; page: number; per_page: number };
};
