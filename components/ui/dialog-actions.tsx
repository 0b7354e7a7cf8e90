"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { SubmitButton } from "./submit-button";

export type DialogActionsProps = {
  confirmLabel: ReactNode;
  /** "Cancel" by default. */
  cancelLabel?: ReactNode;
  /** "danger" for what cannot be undone. */
  tone?: "primary" | "danger";
  pending?: boolean;
  /** Keeps the confirm button disabled, e.g. until a typed confirmation matches. */
  confirmDisabled?: boolean;
  onCancel: () => void;
  onConfirm?: () => void;
  className?: string;
};

/**
 * The row under every dialog's question or form: Cancel first (focus lands on the safe choice),
 * then the action. Without `onConfirm` the action submits the form it sits in. While `pending`
 * Cancel is disabled and the action, which keeps focus, ignores presses (SubmitButton).
 */
export function DialogActions({
  confirmLabel,
  cancelLabel,
  tone = "primary",
  pending = false,
  confirmDisabled = false,
  onCancel,
  onConfirm,
  className = "",
}: DialogActionsProps) {
  const t = useTranslations("common");
  return (
    <div className={`flex flex-wrap justify-end gap-3 ${className}`}>
      <button type="button" className="btn-secondary" disabled={pending} onClick={onCancel}>
        {cancelLabel ?? t("cancel")}
      </button>
      <SubmitButton
        type={onConfirm ? "button" : "submit"}
        variant={tone}
        pending={pending}
        disabled={confirmDisabled}
        onClick={onConfirm}
      >
        {confirmLabel}
      </SubmitButton>
    </div>
  );
}
