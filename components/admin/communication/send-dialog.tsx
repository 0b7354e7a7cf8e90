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
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  subject: string;
  /** Members who would receive it now; undefined while being counted. */
  estimate: number | undefined;
  pending: boolean;
  error: ReactNode;
  onConfirm: (sendAt: number | undefined) => void;
  /** Where focus goes when it closes (the Send button may be disabled by then). */
  returnFocus?: () => HTMLElement | null;
}) {
  const t = useTranslations("panelMessages.screen");
  const [choice, setChoice] = useState<ScheduleChoice>(() => initialChoice());
  // Each opening starts afresh: a time chosen last time may be past by now.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setChoice(initialChoice());
  }
  const outcome = resolveChoice(choice);
  // A time chosen a while ago may be too soon by now: checked again on confirm, and when it is,
  // drawn again so the picker says so instead of sending it to be refused.
  const [, redraw] = useState(0);
  function confirm() {
    const now = resolveChoice(choice);
    if (now.ok) onConfirm(now.sendAt);
    else redraw((n) => n + 1);
  }
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
      onConfirm={confirm}
      returnFocus={returnFocus}
    >
      <SchedulePicker value={choice} onChange={setChoice} />
    </ConfirmDialog>
  );
}
