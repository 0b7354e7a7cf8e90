"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { SubmitButton } from "./submit-button";

/**
 * The row under every dialog's question or form: Cancel first (focus lands on the safe choice),
 * then the action. Without `onConfirm` the action submits the form it sits in. While `pending`
 * both are disabled.
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
}: {
  confirmLabel: ReactNode;
  /** "Cancel" by default. */
  cancelLabel?: ReactNode;
  /** "danger" for what cannot be undone. */
  tone?: "primary" | "danger";
  pending?: boolean;
  confirmDisabled?: boolean;
  onCancel: () => void;
  onConfirm?: () => void;
  className?: string;
}) {
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
