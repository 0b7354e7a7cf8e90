"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

export type PendingDeletion = { kind: "step" | "block"; index: number };

/**
 * A step or block the reader asked to delete, until they confirm or cancel. Focus goes back to
 * the button that asked when the dialog closes, or, after a deletion, to what `done` names
 * (looked up once the page has changed: what took the deleted item's place).
 */
export function usePendingDeletion() {
  const [pending, setPending] = useState<PendingDeletion | null>(null);
  const focusAfterDialog = useRef<() => HTMLElement | null>(() => null);
  return {
    pending,
    ask(kind: PendingDeletion["kind"], index: number, opener: HTMLElement) {
      focusAfterDialog.current = () => opener;
      setPending({ kind, index });
    },
    done(focusNext: () => HTMLElement | null) {
      focusAfterDialog.current = focusNext;
      setPending(null);
    },
    cancel: () => setPending(null),
    returnFocus: () => focusAfterDialog.current(),
  };
}

/** "Delete this step / block?" for the pending deletion. */
export function DeleteDialog({
  deletion,
  stepBlockCount,
  onConfirm,
}: {
  deletion: ReturnType<typeof usePendingDeletion>;
  /** How many blocks the step to delete has (told in the question). */
  stepBlockCount: number;
  onConfirm: (pending: PendingDeletion) => void;
}) {
  const t = useTranslations("surveyEditor");
  const { pending } = deletion;
  return (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) deletion.cancel();
      }}
      title={
        pending?.kind === "step"
          ? t("deleteStepTitle", { number: pending.index + 1 })
          : t("deleteBlockTitle", { number: (pending?.index ?? 0) + 1 })
      }
      description={
        pending?.kind === "step"
          ? t("deleteStepText", { count: stepBlockCount })
          : t("deleteBlockText")
      }
      confirmLabel={t("delete")}
      cancelLabel={t("cancel")}
      tone="danger"
      onConfirm={() => {
        if (pending) onConfirm(pending);
      }}
      returnFocus={deletion.returnFocus}
    />
  );
}
