"use client";

import { CalendarX } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { useApiMutation } from "@/components/data/use-api-mutation";
import { ActionButton } from "@/components/ui/action-button";
import { useAdminOnly } from "@/components/ui/admin-only";
import { Alert } from "@/components/ui/alert";
import type { PanelMessageDto } from "@/lib/mailings/schemas.shared";
import { centreDateTime } from "./schedule-picker";

/**
 * A scheduled message says when it goes out (Amsterdam time) and offers to cancel back to a
 * draft (an admin's action: disabled with the reason for other staff); a message that came to its time with nobody to send to says so.
 */
export function ScheduleNotice({
  message,
  isAdmin,
  onChanged,
  onCancelled,
}: {
  message: PanelMessageDto;
  isAdmin: boolean;
  onChanged: (message: PanelMessageDto) => void;
  /** After a cancel this notice, and the focused button in it, is gone: focus goes elsewhere. */
  onCancelled?: () => void;
}) {
  const t = useTranslations("panelMessages.screen");
  const format = useFormatter();
  const cancelMutation = useApiMutation();
  const [error, setError] = useState<string | null>(null);
  const adminOnly = useAdminOnly(isAdmin, t("cancelAdminOnly"));

  if (message.communication_status === "failed") {
    return (
      <Alert tone="error">
        {message.failure_reason === "no_recipients" ? t("failedNoRecipients") : t("failedOther")}
      </Alert>
    );
  }
  if (message.communication_status !== "scheduled" || message.scheduled_for === null) return null;

  async function cancel() {
    setError(null);
    const result = await cancelMutation.run<PanelMessageDto>({
      path: `/api/panel_message/${message.id}/cancel`,
      body: {},
    });
    if (result.ok) {
      onChanged(result.data);
      onCancelled?.();
      toast.success(t("cancelled"));
    } else setError(t("cancelFailed", { message: result.message }));
  }

  const when = format.dateTime(new Date(message.scheduled_for * 1000), centreDateTime);
  return (
    <div className="space-y-3">
      <Alert tone="info" title={t("scheduledFor", { when })}>
        {t("scheduledNote")}
      </Alert>
      <div>
        <ActionButton
          variant="secondary"
          icon={CalendarX}
          pending={cancelMutation.pending}
          disabled={adminOnly.disabled}
          aria-describedby={adminOnly.describedBy}
          onClick={() => void cancel()}
        >
          {t("cancelSchedule")}
        </ActionButton>
        {adminOnly.reason ? <div className="mt-2">{adminOnly.reason}</div> : null}
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}
