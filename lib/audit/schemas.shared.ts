import { z } from "zod";
import { digitsSchema, idSchema } from "@/lib/validation/common.shared";
import {
  AUDIT_ACTIONS,
  type AnyAuditDetails,
  type AuditAction,
  type AuditTargetType,
} from "./actions.shared";

/**
 * GET /api/audit_log: the query, shared by the audit screen and the handler. Browser-safe.
 */

export const AUDIT_PAGE_SIZE = 25;
export const AUDIT_MAX_PAGE_SIZE = 100;

/** Unix seconds, up to the largest ten-digit value (the year 2286). */
const unixSeconds = digitsSchema({ min: 0, max: 9_999_999_999 });

export const auditLogQuerySchema = z
  .object({
    page: digitsSchema({ min: 1, max: 1_000_000_000 }).default(1),
    per_page: digitsSchema({ min: 1, max: AUDIT_MAX_PAGE_SIZE }).default(AUDIT_PAGE_SIZE),
    action: z.enum(AUDIT_ACTIONS).optional(),
    actor_id: idSchema.optional(),
    /** Rows written at or after this second. */
    from: unixSeconds.optional(),
    /** Rows written at or before this second (the whole second included). */
    to: unixSeconds.optional(),
    /** `csv`: every row the filters match as a download (paging does not apply). */
    format: z.enum(["json", "csv"]).default("json"),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    path: ["to"],
    message: "Must not be before 'from'",
  });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** The filters alone: what the list and the CSV both apply. */
export type AuditFilters = Pick<AuditLogQuery, "action" | "actor_id" | "from" | "to">;

/** One row as the API gives it. */
export type AuditEntryDto = {
  id: number;
  /** Unix seconds. */
  at: number;
  actor: { id: number; email: string } | null;
  action: AuditAction;
  target_type: AuditTargetType | null;
  target_id: number | null;
  details: AnyAuditDetails;
};

export type AuditLogPage = {
  items: AuditEntryDto[];
  meta: { total_items: number; total_pages: number; page: number; per_page: number };
  /** The chain's latest hash, to note down somewhere else and check later (audit:verify). */
  head: string;
};
