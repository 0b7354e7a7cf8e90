"use client";

import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import {
  initialChoice,
  resolveChoice,
  SchedulePicker,
  type ScheduleChoice,
} from "./schedule-picker";

/**
 * The send confirmation: how many members will receive the message, and when it goes: now, or
 * at a date and time on the centre's clocks. Confirming hands the moment (unix seconds, none
 * for now) to `onConfirm`.
 */
export function SendDialog({
  open,
  onOpenChange,
  subject,
  estimate,
  pending,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  subject: string;
  /** Members who would receive it now; undefined while being counted. */
  estimate: number | undefined;
  pending: boolean;
  error: ReactNode;
  onConfirm: (sendAt: number | undefined) => void;
}) {
  const t = useTranslations("panelMessages.screen");
  const [choice, setChoice] = useState<ScheduleChoice>(() => initialChoice());
  const outcome = resolveChoice(choice);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("confirmSendTitle")}
      description={
        estimate === undefined
          ? t("countingRecipients")
          : t("confirmSendText", { count: estimate, subject })
      }
      confirmLabel={choice.mode === "now" ? t("confirmSend") : t("confirmSchedule")}
      confirmDisabled={!estimate || !outcome.ok}
      pending={pending}
      error={error}
      onConfirm={() => outcome.ok && onConfirm(outcome.sendAt)}
    >
      <SchedulePicker value={choice} onChange={setChoice} />
    </ConfirmDialog>
  );
}
