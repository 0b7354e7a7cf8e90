"use client";

import type { ReactNode } from "react";
import { Dialog, type DialogProps } from "./dialog";
import { DialogActions } from "./dialog-actions";

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
      <DialogActions
        className={children ? "mt-6" : ""}
        confirmLabel={confirmLabel}
        cancelLabel={cancelLabel}
        tone={tone}
        pending={pending}
        confirmDisabled={confirmDisabled}
        onCancel={() => onOpenChange(false)}
        onConfirm={onConfirm}
      />
    </Dialog>
  );
}
