"use client";

import type { FormEvent, ReactNode } from "react";
import { Alert } from "./alert";
import { Dialog, useHoldsDialogOpen, type DialogProps } from "./dialog";
import { DialogActions } from "./dialog-actions";

/** What a dialog's form needs from `useApiForm`. */
export type DialogFormState = {
  onSubmit: (event?: FormEvent) => unknown;
  pending: boolean;
  formError: string | null;
};

/**
 * A dialog whose body is a form: the title and description, then the form given as children.
 * The form is mounted each time the dialog opens (the dialog unmounts its content while
 * closed), so it starts empty and a hook inside it (a fresh 2FA secret) runs again.
 */
export function FormDialog({
  open,
  onClose,
  title,
  description,
  children,
}: Pick<DialogProps, "open" | "title" | "description"> & {
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      description={description}
    >
      {children}
    </Dialog>
  );
}

/**
 * The form inside a FormDialog: the form's error (or `alert`, e.g. a failed set-up call) on
 * top, the fields, then Cancel and the submit button.
 */
export function DialogForm({
  form,
  alert,
  submitLabel,
  tone,
  submitDisabled,
  onCancel,
  children,
}: {
  form: DialogFormState;
  /** Shown instead of the form's own error when given. */
  alert?: string | null;
  submitLabel: ReactNode;
  tone?: "primary" | "danger";
  submitDisabled?: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  const message = alert ?? form.formError;
  // A dialog closed while the request runs would unmount the form, and its answer (a refusal to
  // show) with it.
  useHoldsDialogOpen(form.pending);
  return (
    <form method="post" onSubmit={form.onSubmit} noValidate className="space-y-4">
      {message ? <Alert tone="error">{message}</Alert> : null}
      {children}
      <DialogActions
        confirmLabel={submitLabel}
        tone={tone}
        pending={form.pending}
        confirmDisabled={submitDisabled}
        onCancel={onCancel}
      />
    </form>
  );
}
