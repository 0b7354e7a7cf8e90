"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { Messages } from "@/i18n/messages";
import type { AuditAction } from "@/lib/audit/actions.shared";
import type { AuditEntryDto } from "@/lib/audit/schemas.shared";
import type { StudyStatus } from "@/lib/studies/schemas.shared";
import { CENTRE_TIME_ZONE } from "@/lib/time/centre-time.shared";

/** The actions whose details have a text of their own; the others say all in their name. */
type ActionWithDetails = keyof Messages["audit"]["details"];

function hasDetailsText(action: AuditAction): action is ActionWithDetails & AuditAction {
  return Object.hasOwn(DETAILS_ACTIONS, action);
}
const DETAILS_ACTIONS: Record<ActionWithDetails, true> = {
  sign_in: true,
  sign_in_failed: true,
  password_reset: true,
  staff_invited: true,
  study_status_changed: true,
  study_duplicated: true,
  responses_exported: true,
  attachment_uploaded: true,
  attachment_deleted: true,
  message_sent: true,
  message_scheduled: true,
  member_suppressed: true,
};

/**
 * A row of the audit log in words: the action's name, what it was about, and its details
 * (flags as `select` arguments, study statuses in the study screens' words, formats in
 * capitals, a scheduled time on the centre's clock). Everything comes from the translations: `details` holds no text of its own.
 */
export function useAuditTexts() {
  const t = useTranslations("audit");
  const tStudies = useTranslations("admin.studies");
  const format = useFormatter();
  return {
    action: (action: AuditAction) => t(`actions.${action}`),
    target: (entry: AuditEntryDto) =>
      entry.target_type !== null && entry.target_id !== null
        ? t(`targets.${entry.target_type}`, { id: entry.target_id })
        : "",
    details: (entry: AuditEntryDto) => {
      if (!hasDetailsText(entry.action)) return "";
      const values: Record<string, string | number> = {};
      for (const [key, value] of Object.entries(entry.details)) {
        if (key === "from" || key === "to") {
          values[key] = tStudies(`status.${value as StudyStatus}`);
        } else if (key === "format") values[key] = String(value).toUpperCase();
        else if (key === "scheduled_for") {
          values[key] = format.dateTime(new Date(Number(value) * 1000), {
            dateStyle: "medium",
            timeStyle: "short",
            timeZone: CENTRE_TIME_ZONE,
          });
        } else values[key] = typeof value === "boolean" ? String(value) : value;
      }
      return t(`details.${entry.action}`, values);
    },
  };
}
