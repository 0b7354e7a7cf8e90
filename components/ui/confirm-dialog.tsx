"use client";

import type { ReactNode } from "react";
import { QuestionDialog, type QuestionDialogProps } from "./question-dialog";

/**
 * A question before an action: Cancel and a confirm button. Controlled: the caller opens it,
 * runs the action on confirm and closes it when done. While `pending` neither button acts and
 * nothing closes it; an `error` is shown inside. Cancel is the first control, so focus lands
 * on the safe choice.
 */
export function ConfirmDialog({
  children,
  ...question
}: QuestionDialogProps & {
  onConfirm: () => void;
  /** Extra content between the question and the buttons (a field to type a name into). */
  children?: ReactNode;
}) {
  return (
    <QuestionDialog {...question} actionsClassName={children ? "mt-6" : ""}>
      {(actions) => (
        <>
          {children}
          {actions}
        </>
      )}
    </QuestionDialog>
  );
}
