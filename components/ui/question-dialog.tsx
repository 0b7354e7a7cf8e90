"use client";

import type { ReactNode } from "react";
import { Dialog, type DialogProps } from "./dialog";
import { DialogActions, type DialogActionsProps } from "./dialog-actions";

export type QuestionDialogProps = Pick<
  DialogProps,
  "open" | "onOpenChange" | "title" | "description" | "returnFocus" | "pending" | "error"
> &
  Omit<DialogActionsProps, "pending" | "onCancel" | "className">;

/**
 * The frame of a dialog that asks before an action (`ConfirmDialog`, `PasswordConfirmDialog`):
 * the question, the last attempt's error inside, and no close button, since Cancel is the way
 * out; while `pending` nothing closes it. `children` lays out the body around the row of Cancel
 * and the confirm button it is given (`actions`, with `actionsClassName`): under extra content,
 * or inside a form. Without `onConfirm` the confirm button submits that form.
 */
export function QuestionDialog({
  open,
  onOpenChange,
  title,
  description,
  returnFocus,
  pending = false,
  error,
  actionsClassName,
  children,
  ...actions
}: QuestionDialogProps & {
  actionsClassName?: string;
  children: (actions: ReactNode) => ReactNode;
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
      {children(
        <DialogActions
          {...actions}
          className={actionsClassName}
          pending={pending}
          onCancel={() => onOpenChange(false)}
        />,
      )}
    </Dialog>
  );
}
