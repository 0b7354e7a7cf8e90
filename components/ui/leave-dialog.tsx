"use client";

import { ConfirmDialog } from "./confirm-dialog";

/** The texts of a screen's leave question, under the same keys in each namespace. */
type LeaveTexts = (key: "leaveTitle" | "leaveText" | "leave" | "stay") => string;

/**
 * The question before leaving with something that would be lost, wired by `useLeaveGuard`'s
 * `dialog`. Staying is the first and safe choice; leaving is marked as the dangerous one.
 */
export function LeaveDialog({
  t,
  ...wiring
}: {
  t: LeaveTexts;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      {...wiring}
      title={t("leaveTitle")}
      description={t("leaveText")}
      confirmLabel={t("leave")}
      cancelLabel={t("stay")}
      tone="danger"
    />
  );
}
