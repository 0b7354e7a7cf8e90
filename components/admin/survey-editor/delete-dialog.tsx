"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/**
 * The step or block to delete, by its key: a save refused meanwhile can merge a colleague's
 * changes in while the question is open, which moves items, so an index taken when it was
 * asked could name another one by the time it is confirmed.
 */
export type PendingDeletion = { kind: "step" | "block"; key: string };

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
    ask(kind: PendingDeletion["kind"], key: string, opener: HTMLElement) {
      focusAfterDialog.current = () => opener;
      setPending({ kind, key });
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
  position,
  stepBlockCount,
  onConfirm,
}: {
  deletion: ReturnType<typeof usePendingDeletion>;
  /** Where the item to delete is now (told in the question), from 0. */
  position: number;
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
          ? t("deleteStepTitle", { number: position + 1 })
          : t("deleteBlockTitle", { number: position + 1 })
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
