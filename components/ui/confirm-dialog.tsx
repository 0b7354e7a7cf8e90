"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Dialog, type DialogProps } from "./dialog";
import { SubmitButton } from "./submit-button";

/**
 * A question before an action: Cancel and a confirm button. Controlled: the caller opens it,
 * runs the action on confirm and closes it when done. While `pending` both buttons are disabled
 * and nothing closes it; an `error` is shown inside. Cancel is the first control, so focus lands
 * on the safe choice.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  tone = "primary",
  pending = false,
  confirmDisabled = false,
  error,
  onConfirm,
  returnFocus,
  children,
}: Pick<DialogProps, "open" | "onOpenChange" | "title" | "description" | "returnFocus"> & {
  confirmLabel: ReactNode;
  /** "Cancel" by default. */
  cancelLabel?: ReactNode;
  /** "danger" for what cannot be undone. */
  tone?: "primary" | "danger";
  pending?: boolean;
  /** Keeps the confirm button disabled, e.g. until a typed confirmation matches. */
  confirmDisabled?: boolean;
  error?: ReactNode;
  onConfirm: () => void;
  /** Extra content between the question and the buttons (a field to type a name into). */
  children?: ReactNode;
}) {
  const t = useTranslations("common");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      pending={pending}
      error={error}
      returnFocus={returnFocus}
      closeLabel={false}
    >
      {children}
      <div className={`flex flex-wrap justify-end gap-3 ${children ? "mt-6" : ""}`}>
        <button
          type="button"
          className="btn-secondary"
          disabled={pending}
          onClick={() => onOpenChange(false)}
        >
          {cancelLabel ?? t("cancel")}
        </button>
        <SubmitButton
          type="button"
          variant={tone}
          pending={pending}
          disabled={confirmDisabled}
          onClick={onConfirm}
        >
          {confirmLabel}
        </SubmitButton>
      </div>
    </Dialog>
  );
}
