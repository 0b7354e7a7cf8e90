import { z } from "zod";

/**
 * What the audit log records, shared by the server (which validates every row against it) and
 * the audit screen (which translates it). Browser-safe: zod only.
 *
 * Each action names the kind of thing it is about (`target`; null: never a target) and the
 * shape of its `details`: a small object of flags, ids, counts and fixed words, never free text,
 * so no address, answer, token, password or message body can end up in the log. To add an
 * action: one entry here, its texts in i18n/messages/{nl,en}/audit.json, and a row in the test
 * that proves it is written (tests/integration/audit/actions-write-rows.test.ts).
 */

export const AUDIT_TARGET_TYPES = [
  "staff",
  "study",
  "panel_member",
  "panel_message",
  "attachment",
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** The study statuses (db/schema.ts `studyStatus`; a test keeps the two equal). */
export const AUDITED_STUDY_STATUSES = ["not_started", "open", "finished", "invisible"] as const;

const nothing = z.object({}).strict();
const id = z.number().int().min(1);
const studyStatus = z.enum(AUDITED_STUDY_STATUSES);

type ActionSpec = { target: AuditTargetType | null; details: z.ZodObject };

export const auditActionSpecs = {
  sign_in: { target: "staff", details: z.object({ two_factor: z.boolean() }).strict() },
  // Names the account only when the typed address belongs to one (then as actor and target).
  sign_in_failed: {
    target: "staff",
    details: z.object({ step: z.enum(["password", "code"]) }).strict(),
  },
  sign_out_everywhere: { target: "staff", details: nothing },
  password_changed: { target: "staff", details: nothing },
  // Through a reset link, or by accepting an invitation (choosing a first password).
  password_reset: {
    target: "staff",
    details: z.object({ via: z.enum(["reset", "invite"]) }).strict(),
  },
  two_factor_enabled: { target: "staff", details: nothing },
  two_factor_disabled: { target: "staff", details: nothing },
  two_factor_reset: { target: "staff", details: nothing },
  staff_invited: { target: "staff", details: z.object({ is_admin: z.boolean() }).strict() },
  staff_removed: { target: "staff", details: nothing },
  admin_granted: { target: "staff", details: nothing },
  admin_revoked: { target: "staff", details: nothing },
  account_deleted: { target: "staff", details: nothing },
  study_created: { target: "study", details: nothing },
  study_status_changed: {
    target: "study",
    details: z.object({ from: studyStatus, to: studyStatus }).strict(),
  },
  study_deleted: { target: "study", details: nothing },
  // The target is the new study; the details name the one it was copied from.
  study_duplicated: { target: "study", details: z.object({ source_study_id: id }).strict() },
  responses_exported: {
    target: "study",
    details: z.object({ format: z.enum(["xlsx", "csv"]) }).strict(),
  },
  attachment_uploaded: { target: "attachment", details: z.object({ study_id: id }).strict() },
  attachment_deleted: { target: "attachment", details: z.object({ study_id: id }).strict() },
  panel_member_deleted: { target: "panel_member", details: nothing },
  message_test_sent: { target: "panel_message", details: nothing },
  message_sent: {
    target: "panel_message",
    details: z.object({ recipients: z.number().int().min(0) }).strict(),
  },
  message_deleted: { target: "panel_message", details: nothing },
  // When it is to go out, in unix seconds.
  message_scheduled: {
    target: "panel_message",
    details: z.object({ scheduled_for: z.number().int().min(0) }).strict(),
  },
  message_cancelled: { target: "panel_message", details: nothing },
  // Written by the mail provider's event (no actor): which kind of report it was.
  member_suppressed: {
    target: "panel_member",
    details: z.object({ reported_as: z.enum(["bounce", "suppression"]) }).strict(),
  },
  member_bounce_cleared: { target: "panel_member", details: nothing },
} as const satisfies Record<string, ActionSpec>;

export type AuditAction = keyof typeof auditActionSpecs;

export const AUDIT_ACTIONS = Object.keys(auditActionSpecs) as AuditAction[];

export type AuditDetails<A extends AuditAction> = z.infer<(typeof auditActionSpecs)[A]["details"]>;

/** Any action's details, as the API returns them. */
export type AnyAuditDetails = Record<string, string | number | boolean>;
