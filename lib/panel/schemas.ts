import { z } from "zod";
import { digitsSchema, emailSchema, idOrNumberSchema } from "@/lib/validation";

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
export const panelUserListQuerySchema = z.object({
  page: digitsSchema({ min: 1, max: 1_000_000_000 }).default(1),
  per_page: digitsSchema({ min: 1, max: PANEL_MAX_PAGE_SIZE }).default(PANEL_PAGE_SIZE),
});
export type PanelUserListQuery = z.infer<typeof panelUserListQuerySchema>;

/** A member as the admin API shows it. */
export const panelUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  is_verified: z.boolean(),
  /** Unix seconds. */
  created_at: z.number().int(),
});
export type PanelUserDto = z.infer<typeof panelUserSchema>;

export type PanelUserList = {
  items: PanelUserDto[];
  meta: { total_items: number; total_pages: number; page: number; per_page: number };
};
